/**
 * The purchase design the online-data tests release: a required title with a maximum length, a code with a
 * pattern, a static select, a number, a date, a user picker, a bill number, a sub-table with a calculated column
 * and a calculated total over it. Its list searches by kind (equals), title (contains, keyword) and budget
 * (range), sorts by title and budget, and shows a sub-table column.
 */
export const purchaseForm = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '标题', required: true }, __vModel__: 'title', maxlength: 40 },
    { __config__: { jnpfKey: 'comInput', label: '编号', regList: [{ pattern: '/^[A-Z]{2}\\d{3}$/', message: '编号须为两个大写字母加三位数字' }] }, __vModel__: 'code' },
    {
      __config__: { jnpfKey: 'select', label: '类别', dataType: 'static' },
      __vModel__: 'kind',
      __slot__: { options: [{ fullName: '试剂', id: 'reagent' }, { fullName: '耗材', id: 'supply' }] },
      props: { props: { label: 'fullName', value: 'id' } },
    },
    { __config__: { jnpfKey: 'numInput', label: '预算' }, __vModel__: 'budget' },
    { __config__: { jnpfKey: 'date', label: '需用日期' }, __vModel__: 'needDate', format: 'yyyy-MM-dd' },
    { __config__: { jnpfKey: 'userSelect', label: '采购人' }, __vModel__: 'buyer' },
    { __config__: { jnpfKey: 'billRule', label: '单号', rule: 'PurchaseOrder' }, __vModel__: 'billNo' },
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        tableName: 'item',
        children: [
          { __config__: { jnpfKey: 'comInput', label: '物料', required: true }, __vModel__: 'material' },
          { __config__: { jnpfKey: 'numInput', label: '单价' }, __vModel__: 'price' },
          { __config__: { jnpfKey: 'numInput', label: '数量' }, __vModel__: 'qty' },
          { __config__: { jnpfKey: 'calculate', label: '金额' }, __vModel__: 'amount', expression: [{ __vModel__: 'items.price' }, '×', { __vModel__: 'items.qty' }], precision: 2 },
        ],
      },
      __vModel__: 'items',
    },
    { __config__: { jnpfKey: 'calculate', label: '合计' }, __vModel__: 'total', expression: [{ __vModel__: 'items.amount' }], precision: 2 },
  ],
};

export const purchaseList = {
  type: 1,
  searchList: [
    { __vModel__: 'kind', prop: 'kind', label: '类别', searchType: 1 },
    { __vModel__: 'title', prop: 'title', label: '标题', searchType: 2, isKeyword: true },
    { __vModel__: 'budget', prop: 'budget', label: '预算', searchType: 3 },
  ],
  columnList: [
    { prop: 'title', label: '标题', sortable: true },
    { prop: 'kind', label: '类别' },
    { prop: 'budget', label: '预算', sortable: true },
    { prop: 'billNo', label: '单号' },
    { prop: 'buyer', label: '采购人' },
    { prop: 'items-material', label: '物料' },
  ],
  btnsList: [{ value: 'add' }, { value: 'download' }, { value: 'upload' }, { value: 'batchRemove' }],
  columnBtnsList: [{ value: 'edit' }, { value: 'remove' }],
  sort: 'desc',
  hasPage: true,
  pageSize: 20,
  uploaderTemplateJson: { selectKey: ['title', 'code', 'kind', 'budget'] },
};

/** A submission of the purchase form, with the calculated results the form would show. */
export function purchase(title: string, change: Record<string, unknown> = {}) {
  const items = [
    { material: '乙醇', price: 12.5, qty: 4, amount: 50 },
    { material: '丙酮', price: 30, qty: 2, amount: 60 },
  ];
  return { title, code: 'AB123', kind: 'reagent', budget: 500, needDate: Date.UTC(2026, 0, 15), items, total: 110, ...change };
}
