/** The messages of online development's records (spec 001 §7 Online data), in zh, zhtw and en. */
export const onlineDataMessages = {
  'onlineData.designNotStorable': {
    zh: '表单设计无法建表：{{reason}}（表名和字段名须以字母开头，只含字母、数字和下划线，且不能重复）',
    zhtw: '表單設計無法建表：{{reason}}（表名和欄位名須以字母開頭，只含字母、數字和底線，且不能重複）',
    en: 'The design cannot be stored in tables: {{reason}} (table and field names start with a letter, hold only letters, digits and underscores, and are unique)',
  },
  'onlineData.tableTaken': {
    zh: '数据表{{table}}已被其他功能使用',
    zhtw: '資料表{{table}}已被其他功能使用',
    en: 'The table {{table}} is already used by another design',
  },
} as const;
