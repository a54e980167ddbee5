import type { Language } from '../../../shared/language.js';

/** The printDev module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const printDevMessages = {
  'printDev.notFound': { zh: '打印模板不存在', zhtw: '列印範本不存在', en: 'No such print template' },
  'printDev.nameRequired': { zh: '请输入模板名称', zhtw: '請輸入範本名稱', en: 'Enter the template name' },
  'printDev.nameTooLong': { zh: '模板名称最多为50个字符', zhtw: '範本名稱最多為50個字元', en: 'The template name has at most 50 characters' },
  'printDev.codeRequired': { zh: '请输入模板编码', zhtw: '請輸入範本編碼', en: 'Enter the template code' },
  'printDev.codeTooLong': { zh: '模板编码最多为50个字符', zhtw: '範本編碼最多為50個字元', en: 'The template code has at most 50 characters' },
  'printDev.codeTaken': { zh: '模板编码已存在', zhtw: '範本編碼已存在', en: 'This template code is already used' },
  'printDev.typeInvalid': { zh: '模板类型须为1（流程表单）或2（功能表单）', zhtw: '範本類型須為1（流程表單）或2（功能表單）', en: 'The template type must be 1 (flow form) or 2 (function form)' },
  'printDev.formRequired': { zh: '请选择要打印的表单', zhtw: '請選擇要列印的表單', en: 'Choose the form to print' },
  'printDev.formNotFound': { zh: '所选表单不存在', zhtw: '所選表單不存在', en: 'The chosen form does not exist' },
  'printDev.templateInvalid': { zh: '打印模板格式错误', zhtw: '列印範本格式錯誤', en: 'The print template is not valid' },
  'printDev.templateTooLarge': { zh: '打印模板过大（最多200个元素）', zhtw: '列印範本過大（最多200個元素）', en: 'The print template is too large (at most 200 boxes)' },
  'printDev.boxInvalid': { zh: '打印模板中的元素有误：{{box}}', zhtw: '列印範本中的元素有誤：{{box}}', en: 'A box of the print template is not valid: {{box}}' },
  'printDev.unknownField': { zh: '打印模板引用了表单中不存在的字段：{{field}}', zhtw: '列印範本引用了表單中不存在的欄位：{{field}}', en: 'The print template uses a field the form does not have: {{field}}' },
  'printDev.copyNameTooLong': { zh: '复制后的模板名称超过50个字符，请先缩短名称', zhtw: '複製後的範本名稱超過50個字元，請先縮短名稱', en: 'The copy’s name would exceed 50 characters: shorten the name first' },
  'printDev.importBadFile': { zh: '导入文件格式错误，请选择打印模板导出的json文件', zhtw: '匯入檔案格式錯誤，請選擇列印範本匯出的json檔案', en: 'The file is not a print template export (a .json file)' },
  'printDev.disabled': { zh: '打印模板已停用', zhtw: '列印範本已停用', en: 'The print template is disabled' },
  'printDev.noForm': { zh: '该打印模板未绑定表单', zhtw: '該列印範本未綁定表單', en: 'This print template is bound to no form' },
  'printDev.recordRequired': { zh: '请选择要打印的数据', zhtw: '請選擇要列印的資料', en: 'Choose the record to print' },
  'printDev.tooManyRecords': { zh: '一次最多打印100条数据', zhtw: '一次最多列印100筆資料', en: 'At most 100 records print at once' },
  'printLog.titleRequired': { zh: '请输入打印标题', zhtw: '請輸入列印標題', en: 'Enter the print title' },
  'printLog.numInvalid': { zh: '打印份数须为1到10000之间的整数', zhtw: '列印份數須為1到10000之間的整數', en: 'The number printed must be a whole number from 1 to 10000' },
  'printDev.uncategorized': { zh: '未分类', zhtw: '未分類', en: 'Uncategorized' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    printDev: typeof printDevMessages;
  }
}
