import type { Language } from '../../../shared/language.js';

/** The dictionary module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const dictionaryMessages = {
  'dictionary.typeNotFound': { zh: '字典分类不存在', zhtw: '字典分類不存在', en: 'No such dictionary category' },
  'dictionary.dataNotFound': { zh: '字典数据不存在', zhtw: '字典資料不存在', en: 'No such dictionary entry' },
  'dictionary.nameTooLong': { zh: '字典名称最多为50个字符！', zhtw: '字典名稱最多為50個字元！', en: 'A dictionary name has at most 50 characters!' },
  'dictionary.codeTooLong': { zh: '字典编码最多为50个字符！', zhtw: '字典編碼最多為50個字元！', en: 'A dictionary code has at most 50 characters!' },
  'dictionary.nameRequired': { zh: '请输入名称', zhtw: '請輸入名稱', en: 'Enter a name' },
  'dictionary.codeRequired': { zh: '请输入编码', zhtw: '請輸入編碼', en: 'Enter a code' },
  'dictionary.parentRequired': { zh: '请选择', zhtw: '請選擇', en: 'Choose one' },
  'dictionary.codeTaken': { zh: '编码已存在', zhtw: '編碼已存在', en: 'This code is already used' },
  'dictionary.nameTaken': { zh: '名称已存在', zhtw: '名稱已存在', en: 'This name is already used' },
  'dictionary.parentInvalid': { zh: '上级不能是自己或自己的下级', zhtw: '上級不能是自己或自己的下級', en: 'The parent cannot be the item itself or one of its descendants' },
  'dictionary.parentNotFound': { zh: '上级不存在', zhtw: '上級不存在', en: 'The parent does not exist' },
  'dictionary.typeHasChildren': { zh: '该分类下有子分类，不能删除', zhtw: '該分類下有子分類，不能刪除', en: 'This category has sub-categories and cannot be deleted' },
  'dictionary.typeHasData': { zh: '该分类下有字典数据，不能删除', zhtw: '該分類下有字典資料，不能刪除', en: 'This category has entries and cannot be deleted' },
  'dictionary.dataHasChildren': { zh: '该条目下有子条目，不能删除', zhtw: '該條目下有子條目，不能刪除', en: 'This entry has child entries and cannot be deleted' },
  'dictionary.treeLocked': { zh: '树形设置创建后不能修改', zhtw: '樹形設定建立後不能修改', en: 'Whether a category is a tree cannot change after it is created' },
  'dictionary.importBadFile': { zh: '导入文件格式不正确：请选择从字典导出的 JSON 文件', zhtw: '匯入檔案格式不正確：請選擇從字典匯出的 JSON 檔案', en: 'Wrong import file: choose a JSON file exported from a dictionary' },
  'dictionary.importExists': { zh: '字典分类已存在：{{code}}', zhtw: '字典分類已存在：{{code}}', en: 'The dictionary category already exists: {{code}}' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    dictionary: typeof dictionaryMessages;
  }
}
