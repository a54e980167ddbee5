import type { Translations } from '../../../shared/translations.js';

/**
 * Online data's words in the web client, under `onlineData.`, registered when the module's client loads.
 * screen.notBuilt says a list button of a design names a built-in action not built yet.
 */
export const onlineDataWords = {
  'onlineData.runtime.loading': { zh: '正在加载…', zhtw: '正在載入…', en: 'Loading…' },
  'onlineData.runtime.invalid': { zh: '这个功能的设计无法显示：', zhtw: '這個功能的設計無法顯示：', en: 'The design of this function cannot be shown:' },
  'onlineData.runtime.batchRemove': { zh: '批量删除', zhtw: '批次刪除', en: 'Delete selected' },
  'onlineData.runtime.batchRemoveConfirm': { zh: '确定删除选中的 {{count}} 条记录？', zhtw: '確定刪除選中的 {{count}} 筆記錄？', en: 'Delete the {{count}} selected records?' },
  'onlineData.runtime.chooseRows': { zh: '请先勾选要删除的记录', zhtw: '請先勾選要刪除的記錄', en: 'Tick the records to delete first' },
  'onlineData.runtime.choosePrintRows': { zh: '请先勾选要打印的记录', zhtw: '請先勾選要列印的記錄', en: 'Tick the records to print first' },
  'onlineData.runtime.noPrintTemplate': { zh: '该表单未设置打印模板', zhtw: '該表單未設定列印範本', en: 'This form has no print template' },
  'onlineData.runtime.detail': { zh: '详情', zhtw: '詳情', en: 'Details' },
  'onlineData.runtime.create': { zh: '新增', zhtw: '新增', en: 'New' },
  'onlineData.runtime.edit': { zh: '编辑', zhtw: '編輯', en: 'Edit' },
  'onlineData.runtime.saved': { zh: '保存成功', zhtw: '儲存成功', en: 'Saved' },
  'onlineData.runtime.ungrouped': { zh: '（空）', zhtw: '（空）', en: '(empty)' },
  'onlineData.superQuery.button': { zh: '高级查询', zhtw: '進階查詢', en: 'Advanced query' },
  'onlineData.superQuery.title': { zh: '高级查询', zhtw: '進階查詢', en: 'Advanced query' },
  'onlineData.superQuery.match': { zh: '匹配', zhtw: '符合', en: 'Match' },
  'onlineData.superQuery.all': { zh: '全部条件', zhtw: '全部條件', en: 'All conditions' },
  'onlineData.superQuery.any': { zh: '任一条件', zhtw: '任一條件', en: 'Any condition' },
  'onlineData.superQuery.field': { zh: '选择字段', zhtw: '選擇欄位', en: 'Choose a field' },
  'onlineData.superQuery.value': { zh: '请输入值', zhtw: '請輸入值', en: 'Enter a value' },
  'onlineData.superQuery.add': { zh: '添加条件', zhtw: '新增條件', en: 'Add a condition' },
  'onlineData.superQuery.remove': { zh: '删除条件', zhtw: '刪除條件', en: 'Remove the condition' },
  'onlineData.superQuery.clear': { zh: '清空', zhtw: '清空', en: 'Clear' },
  'onlineData.superQuery.symbol.==': { zh: '等于', zhtw: '等於', en: 'equals' },
  'onlineData.superQuery.symbol.<>': { zh: '不等于', zhtw: '不等於', en: 'does not equal' },
  'onlineData.superQuery.symbol.>': { zh: '大于', zhtw: '大於', en: 'greater than' },
  'onlineData.superQuery.symbol.>=': { zh: '大于等于', zhtw: '大於等於', en: 'at least' },
  'onlineData.superQuery.symbol.<': { zh: '小于', zhtw: '小於', en: 'less than' },
  'onlineData.superQuery.symbol.<=': { zh: '小于等于', zhtw: '小於等於', en: 'at most' },
  'onlineData.superQuery.symbol.like': { zh: '包含', zhtw: '包含', en: 'contains' },
  'onlineData.superQuery.symbol.notLike': { zh: '不包含', zhtw: '不包含', en: 'does not contain' },
  'onlineData.superQuery.symbol.in': { zh: '属于', zhtw: '屬於', en: 'is one of' },
  'onlineData.superQuery.symbol.notIn': { zh: '不属于', zhtw: '不屬於', en: 'is none of' },
  'onlineData.superQuery.symbol.null': { zh: '为空', zhtw: '為空', en: 'is empty' },
  'onlineData.superQuery.symbol.notNull': { zh: '不为空', zhtw: '不為空', en: 'is not empty' },
  'onlineData.superQuery.symbol.between': { zh: '介于', zhtw: '介於', en: 'between' },
  'onlineData.screen.notBuilt': { zh: '{{what}} 尚未实现', zhtw: '{{what}} 尚未實作', en: '{{what}} is not built yet' },
} as const satisfies Translations;
