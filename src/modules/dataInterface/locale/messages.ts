import type { Language } from '../../../shared/language.js';

/** The dataInterface module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const dataInterfaceMessages = {
  'dataInterface.notFound': { zh: '数据接口不存在', zhtw: '資料介面不存在', en: 'No such data interface' },
  'dataInterface.defaultDatabase': { zh: '默认数据库', zhtw: '預設資料庫', en: 'Default database' },
  'dataInterface.disabled': { zh: '数据接口已停用', zhtw: '資料介面已停用', en: 'This data interface is disabled' },
  'dataInterface.nameRequired': { zh: '请输入接口名称', zhtw: '請輸入介面名稱', en: 'Enter the interface name' },
  'dataInterface.nameTooLong': { zh: '接口名称最多为50个字符', zhtw: '介面名稱最多為50個字元', en: 'The interface name has at most 50 characters' },
  'dataInterface.codeRequired': { zh: '请输入接口编码', zhtw: '請輸入介面編碼', en: 'Enter the interface code' },
  'dataInterface.codeTooLong': { zh: '接口编码最多为50个字符', zhtw: '介面編碼最多為50個字元', en: 'The interface code has at most 50 characters' },
  'dataInterface.categoryTooLong': { zh: '分类最多为50个字符', zhtw: '分類最多為50個字元', en: 'The category has at most 50 characters' },
  'dataInterface.nameTaken': { zh: '接口名称已存在', zhtw: '介面名稱已存在', en: 'This interface name is already used' },
  'dataInterface.codeTaken': { zh: '接口编码已存在', zhtw: '介面編碼已存在', en: 'This interface code is already used' },
  'dataInterface.copyTooLong': { zh: '已到达该模板复制上限，请复制源模板', zhtw: '已到達該範本複製上限，請複製源範本', en: 'The copy’s name or code would pass 50 characters: copy the original instead' },
  'dataInterface.typeInvalid': { zh: '请选择接口类型（SQL、静态数据或API）', zhtw: '請選擇介面類型（SQL、靜態資料或API）', en: 'Choose the interface type (SQL, static data or API)' },
  'dataInterface.configInvalid': { zh: '接口配置不是有效的JSON', zhtw: '介面設定不是有效的JSON', en: 'The interface configuration is not valid JSON' },
  'dataInterface.paramsInvalid': { zh: '接口参数不是有效的JSON数组', zhtw: '介面參數不是有效的JSON陣列', en: 'The interface parameters are not a valid JSON array' },
  'dataInterface.fieldsInvalid': { zh: '接口字段不是有效的JSON数组', zhtw: '介面欄位不是有效的JSON陣列', en: 'The interface fields are not a valid JSON array' },
  'dataInterface.paramNameInvalid': { zh: '参数名无效或重复：{{name}}（字母、数字、下划线，字母开头）', zhtw: '參數名無效或重複：{{name}}（字母、數字、底線，字母開頭）', en: 'Invalid or repeated parameter name: {{name}} (letters, digits and _, starting with a letter)' },
  'dataInterface.paramRequired': { zh: '参数“{{name}}”不能为空', zhtw: '參數「{{name}}」不能為空', en: 'The parameter “{{name}}” is required' },
  'dataInterface.paramNotNumber': { zh: '参数“{{name}}”须为数字', zhtw: '參數「{{name}}」須為數字', en: 'The parameter “{{name}}” must be a number' },
  'dataInterface.paramNotText': { zh: '参数“{{name}}”须为文本', zhtw: '參數「{{name}}」須為文字', en: 'The parameter “{{name}}” must be text' },
  'dataInterface.paramUnknown': { zh: 'SQL中的参数{{name}}未在参数列表中声明', zhtw: 'SQL中的參數{{name}}未在參數列表中宣告', en: 'The SQL uses the parameter {{name}}, which is not declared' },
  'dataInterface.idsInvalid': { zh: 'ids格式错误', zhtw: 'ids格式錯誤', en: 'The ids are not in a readable form' },
  'dataInterface.staticRequired': { zh: '请输入静态数据', zhtw: '請輸入靜態資料', en: 'Enter the static data' },
  'dataInterface.staticInvalid': { zh: '静态数据不是有效的JSON', zhtw: '靜態資料不是有效的JSON', en: 'The static data is not valid JSON' },
  'dataInterface.notRows': { zh: '接口返回的不是数据列表（数组，或含list/data数组的对象）', zhtw: '介面返回的不是資料列表（陣列，或含list/data陣列的物件）', en: 'The interface did not answer a list of rows (an array, or an object with a list or data array)' },
  'dataInterface.tooManyRows': { zh: '接口返回超过{{max}}行，请使用分页或缩小查询范围', zhtw: '介面返回超過{{max}}列，請使用分頁或縮小查詢範圍', en: 'The interface answers more than {{max}} rows: page it or narrow the query' },
  'dataInterface.noRowsForFields': { zh: '接口没有返回数据，无法读取字段', zhtw: '介面沒有返回資料，無法讀取欄位', en: 'The interface answered no rows, so it has no fields to read' },
  'dataInterface.sqlRequired': { zh: '请输入SQL语句', zhtw: '請輸入SQL語句', en: 'Enter the SQL statement' },
  'dataInterface.sqlOneStatement': { zh: '只能执行一条SQL语句', zhtw: '只能執行一條SQL語句', en: 'Only one SQL statement may run' },
  'dataInterface.sqlSelectOnly': { zh: 'SQL接口只能执行查询（SELECT或WITH）', zhtw: 'SQL介面只能執行查詢（SELECT或WITH）', en: 'An SQL interface may only query (SELECT or WITH)' },
  'dataInterface.sqlUnclosed': { zh: 'SQL中有未闭合的引号或注释', zhtw: 'SQL中有未閉合的引號或註解', en: 'The SQL has an unclosed quote or comment' },
  'dataInterface.sqlPositional': { zh: 'SQL参数请写作{参数名}，不能使用$1', zhtw: 'SQL參數請寫作{參數名}，不能使用$1', en: 'Write SQL parameters as {name}, not $1' },
  'dataInterface.sqlFunctionRefused': { zh: 'SQL接口不能使用{{name}}', zhtw: 'SQL介面不能使用{{name}}', en: 'An SQL interface may not use {{name}}' },
  'dataInterface.sqlUnavailable': { zh: '数据库账号无法创建只读角色，SQL接口不能在此运行（请数据库管理员创建角色labcode_interface_reader并授予当前账号）', zhtw: '資料庫帳號無法建立唯讀角色，SQL介面不能在此執行（請資料庫管理員建立角色labcode_interface_reader並授予目前帳號）', en: 'The database account cannot create the read-only role, so SQL interfaces cannot run here (a database administrator can create the role labcode_interface_reader and grant it to this account)' },
  'dataInterface.sqlPermission': { zh: 'SQL接口无权读取该表或字段', zhtw: 'SQL介面無權讀取該表或欄位', en: 'An SQL interface may not read that table or column' },
  'dataInterface.sqlReadOnly': { zh: 'SQL接口只能读取数据，不能修改', zhtw: 'SQL介面只能讀取資料，不能修改', en: 'An SQL interface may only read data, never change it' },
  'dataInterface.sqlTimeout': { zh: 'SQL执行超时', zhtw: 'SQL執行逾時', en: 'The SQL took too long and was stopped' },
  'dataInterface.sqlError': { zh: 'SQL执行出错：{{reason}}', zhtw: 'SQL執行出錯：{{reason}}', en: 'The SQL failed: {{reason}}' },
  'dataInterface.httpUrlInvalid': { zh: '请输入有效的http或https接口地址', zhtw: '請輸入有效的http或https介面位址', en: 'Enter a valid http or https address' },
  'dataInterface.httpMethodInvalid': { zh: '请求方式只能是GET或POST', zhtw: '請求方式只能是GET或POST', en: 'The method must be GET or POST' },
  'dataInterface.httpRefused': { zh: '不允许访问内部地址：{{host}}（如需访问，请在DATA_INTERFACE_HTTP_ALLOW中配置）', zhtw: '不允許存取內部位址：{{host}}（如需存取，請在DATA_INTERFACE_HTTP_ALLOW中設定）', en: 'Internal addresses may not be called: {{host}} (DATA_INTERFACE_HTTP_ALLOW can allow it)' },
  'dataInterface.httpTimeout': { zh: '接口请求超时', zhtw: '介面請求逾時', en: 'The interface did not answer in time' },
  'dataInterface.httpFailed': { zh: '接口请求失败：{{reason}}', zhtw: '介面請求失敗：{{reason}}', en: 'The interface could not be reached: {{reason}}' },
  'dataInterface.httpStatus': { zh: '接口返回错误状态：{{status}}', zhtw: '介面返回錯誤狀態：{{status}}', en: 'The interface answered with status {{status}}' },
  'dataInterface.httpNotJson': { zh: '接口返回的不是JSON', zhtw: '介面返回的不是JSON', en: 'The interface did not answer JSON' },
  'dataInterface.httpTooLarge': { zh: '接口返回内容超过{{max}}MB', zhtw: '介面返回內容超過{{max}}MB', en: 'The interface answered more than {{max}} MB' },
  'dataInterface.httpTooManyRedirects': { zh: '接口重定向次数过多', zhtw: '介面重新導向次數過多', en: 'The interface redirected too many times' },
  'dataInterface.runFailed': { zh: '数据接口调用失败，请联系管理员检查接口配置', zhtw: '資料介面呼叫失敗，請聯絡管理員檢查介面設定', en: 'The data interface failed: ask an administrator to check its configuration' },
  'dataInterface.previewed': { zh: '接口请求成功', zhtw: '介面請求成功', en: 'The interface answered' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    dataInterface: typeof dataInterfaceMessages;
  }
}
