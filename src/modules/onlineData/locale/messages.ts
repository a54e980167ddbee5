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
  'onlineData.notReleased': { zh: '功能不存在或尚未发布', zhtw: '功能不存在或尚未發佈', en: 'The design does not exist or has not been released' },
  'onlineData.recordNotFound': { zh: '数据不存在或已被删除', zhtw: '資料不存在或已被刪除', en: 'The record does not exist or was deleted' },
  'onlineData.dataRequired': { zh: '请提交表单数据', zhtw: '請提交表單資料', en: 'The form data is missing' },
  'onlineData.fieldInvalid': { zh: '{{field}}：{{reason}}', zhtw: '{{field}}：{{reason}}', en: '{{field}}: {{reason}}' },
  'onlineData.calculationMismatch': {
    zh: '{{field}}的值与计算公式的结果不一致',
    zhtw: '{{field}}的值與計算公式的結果不一致',
    en: '{{field}} does not match the result of its formula',
  },
  'onlineData.tooManyRows': { zh: '{{field}}最多{{limit}}行', zhtw: '{{field}}最多{{limit}}列', en: '{{field}} has at most {{limit}} rows' },
  'onlineData.fieldTooLong': { zh: '{{field}}最多{{limit}}个字符', zhtw: '{{field}}最多{{limit}}個字元', en: '{{field}} has at most {{limit}} characters' },
  'onlineData.searchInvalid': { zh: '查询条件{{field}}的值不正确', zhtw: '查詢條件{{field}}的值不正確', en: 'The search value of {{field}} is invalid' },
  'onlineData.importNotNumber': { zh: '不是数字', zhtw: '不是數字', en: 'is not a number' },
  'onlineData.importNotDate': { zh: '不是日期', zhtw: '不是日期', en: 'is not a date' },
  'onlineData.importNotOption': { zh: '不是可选的选项', zhtw: '不是可選的選項', en: 'is not one of the options' },
  'onlineData.fieldsNotGranted': { zh: '无权修改以下字段：{{fields}}', zhtw: '無權修改以下欄位：{{fields}}', en: 'You may not change these fields: {{fields}}' },
  'onlineData.superQueryInvalid': {
    zh: '高级查询条件格式不正确',
    zhtw: '進階查詢條件格式不正確',
    en: 'The advanced query is not well formed',
  },
  'onlineData.superQueryField': {
    zh: '高级查询的字段{{field}}不是本功能的字段',
    zhtw: '進階查詢的欄位{{field}}不是本功能的欄位',
    en: 'The advanced query field {{field}} is not a field of this list',
  },
  'onlineData.superQuerySymbol': {
    zh: '高级查询不支持{{field}}的条件“{{symbol}}”',
    zhtw: '進階查詢不支援{{field}}的條件「{{symbol}}」',
    en: 'The advanced query cannot use the condition "{{symbol}}" on {{field}}',
  },
  'onlineData.superQueryTooMany': {
    zh: '高级查询最多{{max}}个条件',
    zhtw: '進階查詢最多{{max}}個條件',
    en: 'The advanced query has at most {{max}} conditions',
  },
} as const;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    onlineData: typeof onlineDataMessages;
  }
}
