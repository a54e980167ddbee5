/** The data-interface screen's words (zh, zhtw, en), under `dataInterface.` when the domain loads. */
export const zh = {
  params: '参数',
  noParams: '此接口没有参数',
  run: '测试',
  rows: '共 {{count}} 行',
  noRows: '接口没有返回数据',
  failed: '测试失败：{{message}}',
  raw: '原始数据',
};
export const zhtw: typeof zh = {
  params: '參數',
  noParams: '此介面沒有參數',
  run: '測試',
  rows: '共 {{count}} 列',
  noRows: '介面沒有返回資料',
  failed: '測試失敗：{{message}}',
  raw: '原始資料',
};
export const en: typeof zh = {
  params: 'Parameters',
  noParams: 'This interface has no parameters',
  run: 'Test',
  rows: '{{count}} rows',
  noRows: 'The interface answered no rows',
  failed: 'The test failed: {{message}}',
  raw: 'Raw data',
};
