import type { Language } from '../../../shared/language.js';

/** The area module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const areaMessages = {
  'area.notFound': { zh: '行政区划不存在', zhtw: '行政區劃不存在', en: 'No such area' },
  'area.hasChildren': { zh: '该区划下有下级区划，不能删除', zhtw: '該區劃下有下級區劃，不能刪除', en: 'This area has sub-areas and cannot be deleted' },
  'area.tooDeep': { zh: '区划最多三级：省、市、区县', zhtw: '區劃最多三級：省、市、區縣', en: 'Areas go three levels deep: province, city, district' },
  'area.codeTaken': { zh: '区划编码已存在', zhtw: '區劃編碼已存在', en: 'This area code is already used' },
  'area.nameRequired': { zh: '请输入区域名称', zhtw: '請輸入區域名稱', en: 'Enter the area name' },
  'area.nameTooLong': { zh: '区域名称最多为50个字符', zhtw: '區域名稱最多為50個字元', en: 'An area name has at most 50 characters' },
  'area.codeRequired': { zh: '请输入区域编码', zhtw: '請輸入區域編碼', en: 'Enter the area code' },
  'area.codeTooLong': { zh: '区域编码最多为50个字符', zhtw: '區域編碼最多為50個字元', en: 'An area code has at most 50 characters' },
  'area.parentNotFound': { zh: '上级区域不存在', zhtw: '上級區域不存在', en: 'The parent area does not exist' },
  'area.levelChanged': { zh: '区域只能移到同一级别的上级下：省、市、区县各在其级', zhtw: '區域只能移到同一級別的上級下：省、市、區縣各在其級', en: 'An area can only move under a parent of the same level: provinces, cities and districts keep their level' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    area: typeof areaMessages;
  }
}
