import type { Language } from '../../../../shared/language.js';

/** The area module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const areaMessages = {
  'area.notFound': { zh: '行政区划不存在', zhtw: '行政區劃不存在', en: 'No such area' },
  'area.hasChildren': { zh: '该区划下有下级区划，不能删除', zhtw: '該區劃下有下級區劃，不能刪除', en: 'This area has sub-areas and cannot be deleted' },
  'area.tooDeep': { zh: '区划最多三级：省、市、区县', zhtw: '區劃最多三級：省、市、區縣', en: 'Areas go three levels deep: province, city, district' },
  'area.codeTaken': { zh: '区划编码已存在', zhtw: '區劃編碼已存在', en: 'This area code is already used' },
} as const satisfies Record<string, Record<Language, string>>;
