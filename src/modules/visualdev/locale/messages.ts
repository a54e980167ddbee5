import type { Language } from '../../../shared/language.js';

/** The visualdev module's messages (designs), in zh, zhtw and en. Problems in a definition name the field they are about. */
export const designMessages = {
  'visualdev.notFound': { zh: '功能设计不存在', zhtw: '功能設計不存在', en: 'No such design' },
  'visualdev.nameRequired': { zh: '请输入功能名称', zhtw: '請輸入功能名稱', en: 'Enter the design name' },
  'visualdev.nameTooLong': { zh: '功能名称最多为50个字符', zhtw: '功能名稱最多為50個字元', en: 'The design name has at most 50 characters' },
  'visualdev.codeRequired': { zh: '请输入功能编码', zhtw: '請輸入功能編碼', en: 'Enter the design code' },
  'visualdev.codeTooLong': { zh: '功能编码最多为50个字符', zhtw: '功能編碼最多為50個字元', en: 'The design code has at most 50 characters' },
  'visualdev.codeTaken': { zh: '功能编码已存在', zhtw: '功能編碼已存在', en: 'This design code is already used' },
  'visualdev.categoryTooLong': { zh: '功能分类最多为50个字符', zhtw: '功能分類最多為50個字元', en: 'The category has at most 50 characters' },
  'visualdev.webTypeInvalid': { zh: '页面类型须为1（纯表单）、2（表单加列表）、3（表单列表工作流）或4（数据视图）', zhtw: '頁面類型須為1（純表單）、2（表單加列表）、3（表單列表工作流）或4（資料檢視）', en: 'The page type must be 1 (form), 2 (form and list), 3 (form, list and flow) or 4 (data view)' },
  'visualdev.typeInvalid': { zh: '功能类型须为1（自定义表单）或2（系统表单）', zhtw: '功能類型須為1（自訂表單）或2（系統表單）', en: 'The design type must be 1 (designed form) or 2 (system form)' },
  'visualdev.formDataMalformed': { zh: '表单配置不是有效的 JSON 表单定义（需要含 fields 数组的对象）', zhtw: '表單設定不是有效的 JSON 表單定義（需要含 fields 陣列的物件）', en: 'The form configuration is not a valid JSON form definition (an object with a fields array)' },
  'visualdev.formDataRequired': { zh: '请先设计表单', zhtw: '請先設計表單', en: 'Design the form first' },
  'visualdev.columnDataMalformed': { zh: '列表配置不是有效的 JSON 对象', zhtw: '列表設定不是有效的 JSON 物件', en: 'The list configuration is not a valid JSON object' },
  'visualdev.appColumnDataMalformed': { zh: 'App 列表配置不是有效的 JSON 对象', zhtw: 'App 列表設定不是有效的 JSON 物件', en: 'The app list configuration is not a valid JSON object' },
  'visualdev.columnDataRequired': { zh: '表单加列表的功能须先设计列表', zhtw: '表單加列表的功能須先設計列表', en: 'A form-and-list design needs its list designed first' },
  'visualdev.tablesMalformed': { zh: '数据表配置不正确：须为数据表的数组，每项含表名 table，且只有一张主表', zhtw: '資料表設定不正確：須為資料表的陣列，每項含表名 table，且只有一張主表', en: 'The table configuration is invalid: an array of tables, each with its table name, and one main table' },
  'visualdev.definitionTooLarge': { zh: '功能配置过大，上限为 {{limit}}', zhtw: '功能設定過大，上限為 {{limit}}', en: 'The design is too large; the limit is {{limit}}' },
  'visualdev.fieldUnknownWidget': { zh: '字段“{{field}}”的控件类型“{{jnpfKey}}”不存在', zhtw: '欄位「{{field}}」的控制項類型「{{jnpfKey}}」不存在', en: 'Field "{{field}}" uses the widget type "{{jnpfKey}}", which does not exist' },
  'visualdev.fieldModelMissing': { zh: '字段“{{field}}”没有字段名（__vModel__）', zhtw: '欄位「{{field}}」沒有欄位名（__vModel__）', en: 'Field "{{field}}" has no field key (__vModel__)' },
  'visualdev.fieldModelDuplicate': { zh: '字段名“{{field}}”重复使用', zhtw: '欄位名「{{field}}」重複使用', en: 'The field key "{{field}}" is used twice' },
  'visualdev.fieldModelInvalid': { zh: '字段名“{{field}}”不正确：须以字母开头，只含字母、数字和下划线，最多50个字符', zhtw: '欄位名「{{field}}」不正確：須以字母開頭，只含字母、數字和底線，最多50個字元', en: 'The field key "{{field}}" is invalid: a letter first, then letters, digits and underscores, at most 50 characters' },
  'visualdev.fieldPatternInvalid': { zh: '字段“{{field}}”的校验规则“{{pattern}}”不是有效的正则表达式', zhtw: '欄位「{{field}}」的校驗規則「{{pattern}}」不是有效的正規表示式', en: 'The validation rule "{{pattern}}" of field "{{field}}" is not a valid regular expression' },
  'visualdev.fieldFormulaInvalid': { zh: '字段“{{field}}”的计算公式无法解析', zhtw: '欄位「{{field}}」的計算公式無法解析', en: 'The formula of field "{{field}}" cannot be read' },
  'visualdev.fieldNestedTable': { zh: '子表“{{field}}”不能放在另一个子表中', zhtw: '子表「{{field}}」不能放在另一個子表中', en: 'The sub-table "{{field}}" cannot sit inside another sub-table' },
  'visualdev.menuCodeTaken': { zh: '菜单编码“{{code}}”已被其他菜单使用，请修改功能编码后再发布', zhtw: '選單編碼「{{code}}」已被其他選單使用，請修改功能編碼後再發佈', en: 'The menu code "{{code}}" is used by another menu; change the design code and release again' },
  'visualdev.parentMenuNotFound': { zh: '上级菜单不存在', zhtw: '上級選單不存在', en: 'The parent menu does not exist' },
  'visualdev.parentMenuInvalid': { zh: '上级菜单须为目录', zhtw: '上級選單須為目錄', en: 'The parent menu must be a directory' },
  'visualdev.uncategorized': { zh: '未分类', zhtw: '未分類', en: 'Uncategorised' },
  'visualdev.released': { zh: '发布成功', zhtw: '發佈成功', en: 'Released' },
  'visualdev.copied': { zh: '复制成功', zhtw: '複製成功', en: 'Copied' },
  'visualdev.importBadFile': { zh: '导入文件不是功能设计的导出文件', zhtw: '匯入檔案不是功能設計的匯出檔案', en: 'The file is not an exported design' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    design: typeof designMessages;
  }
}
