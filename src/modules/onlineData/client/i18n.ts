/**
 * Online data's words (zh, zhtw, en), added under `onlineData.` when the domain loads. screen.notBuilt is a copy
 * of visualdev's word of the same name: each module reads its own words only.
 */
export const zh = {
  runtime: {
    loading: '正在加载…',
    invalid: '这个功能的设计无法显示：',
    batchRemove: '批量删除',
    batchRemoveConfirm: '确定删除选中的 {{count}} 条记录？',
    chooseRows: '请先勾选要删除的记录',
    detail: '详情',
    create: '新增',
    edit: '编辑',
    saved: '保存成功',
    ungrouped: '（空）',
  },
  superQuery: {
    button: '高级查询',
    title: '高级查询',
    match: '匹配',
    all: '全部条件',
    any: '任一条件',
    field: '选择字段',
    value: '请输入值',
    add: '添加条件',
    remove: '删除条件',
    clear: '清空',
    symbol: { '==': '等于', '<>': '不等于', '>': '大于', '>=': '大于等于', '<': '小于', '<=': '小于等于', like: '包含', notLike: '不包含', in: '属于', notIn: '不属于', null: '为空', notNull: '不为空', between: '介于' },
  },
  screen: {
    notBuilt: '{{what}} 尚未实现',
  },
};

type Words = typeof zh;

export const zhtw: Words = {
  runtime: { loading: '正在載入…', invalid: '這個功能的設計無法顯示：', batchRemove: '批次刪除', batchRemoveConfirm: '確定刪除選中的 {{count}} 筆記錄？', chooseRows: '請先勾選要刪除的記錄', detail: '詳情', create: '新增', edit: '編輯', saved: '儲存成功', ungrouped: '（空）' },
  superQuery: {
    button: '進階查詢', title: '進階查詢', match: '符合', all: '全部條件', any: '任一條件', field: '選擇欄位', value: '請輸入值', add: '新增條件', remove: '刪除條件', clear: '清空',
    symbol: { '==': '等於', '<>': '不等於', '>': '大於', '>=': '大於等於', '<': '小於', '<=': '小於等於', like: '包含', notLike: '不包含', in: '屬於', notIn: '不屬於', null: '為空', notNull: '不為空', between: '介於' },
  },
  screen: { notBuilt: '{{what}} 尚未實作' },
};

export const en: Words = {
  runtime: { loading: 'Loading…', invalid: 'The design of this function cannot be shown:', batchRemove: 'Delete selected', batchRemoveConfirm: 'Delete the {{count}} selected records?', chooseRows: 'Tick the records to delete first', detail: 'Details', create: 'New', edit: 'Edit', saved: 'Saved', ungrouped: '(empty)' },
  superQuery: {
    button: 'Advanced query', title: 'Advanced query', match: 'Match', all: 'All conditions', any: 'Any condition', field: 'Choose a field', value: 'Enter a value', add: 'Add a condition', remove: 'Remove the condition', clear: 'Clear',
    symbol: { '==': 'equals', '<>': 'does not equal', '>': 'greater than', '>=': 'at least', '<': 'less than', '<=': 'at most', like: 'contains', notLike: 'does not contain', in: 'is one of', notIn: 'is none of', null: 'is empty', notNull: 'is not empty', between: 'between' },
  },
  screen: { notBuilt: '{{what}} is not built yet' },
};
