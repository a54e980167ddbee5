import type { Translations } from '../../../shared/translations.js';

/** The data-interface screen's words in the web client, under `dataInterface.`, registered when the module's client loads. */
export const dataInterfaceWords = {
  'dataInterface.params': { zh: '参数', zhtw: '參數', en: 'Parameters' },
  'dataInterface.noParams': { zh: '此接口没有参数', zhtw: '此介面沒有參數', en: 'This interface has no parameters' },
  'dataInterface.run': { zh: '测试', zhtw: '測試', en: 'Test' },
  'dataInterface.rows': { zh: '共 {{count}} 行', zhtw: '共 {{count}} 列', en: '{{count}} rows' },
  'dataInterface.noRows': { zh: '接口没有返回数据', zhtw: '介面沒有返回資料', en: 'The interface answered no rows' },
  'dataInterface.failed': { zh: '测试失败：{{message}}', zhtw: '測試失敗：{{message}}', en: 'The test failed: {{message}}' },
  'dataInterface.raw': { zh: '原始数据', zhtw: '原始資料', en: 'Raw data' },
} as const satisfies Translations;
