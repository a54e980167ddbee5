import type { Language } from '../../../shared/language.js';

/** The permission module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const permissionMessages = {
  'columns.badList': { zh: '列设置格式不正确', zhtw: '欄設定格式不正確', en: 'The column settings are malformed' },
  'columns.moduleNotFound': { zh: '功能模块不存在', zhtw: '功能模組不存在', en: 'No such module' },

  'permissionGroups.nameRequired': { zh: '请输入权限组名称', zhtw: '請輸入權限組名稱', en: 'Enter the permission group name' },
  'permissionGroups.nameTooLong': { zh: '权限组名称最多为50个字符！', zhtw: '權限組名稱最多為50個字元！', en: 'The permission group name is at most 50 characters' },
  'permissionGroups.codeRequired': { zh: '请输入权限组编码', zhtw: '請輸入權限組編碼', en: 'Enter the permission group code' },
  'permissionGroups.codeTooLong': { zh: '权限组编码最多为50个字符！', zhtw: '權限組編碼最多為50個字元！', en: 'The permission group code is at most 50 characters' },
  'permissionGroups.nameTaken': { zh: '权限组名称不能重复', zhtw: '權限組名稱不能重複', en: 'A permission group already has this name' },
  'permissionGroups.codeTaken': { zh: '权限组编码不能重复', zhtw: '權限組編碼不能重複', en: 'A permission group already has this code' },
  'permissionGroups.notFound': { zh: '权限组不存在', zhtw: '權限組不存在', en: 'No such permission group' },
  'permissionGroups.memberInvalid': { zh: '权限成员无效：{{member}}', zhtw: '權限成員無效：{{member}}', en: 'Not a member a permission group can have: {{member}}' },
  'permissionGroups.copyTooLong': { zh: '复制后的名称或编码超过50个字符，请先缩短', zhtw: '複製後的名稱或編碼超過50個字元，請先縮短', en: 'The copy’s name or code would exceed 50 characters: shorten them first' },
  'permissionGroups.saved': { zh: '保存成功', zhtw: '儲存成功', en: 'Saved' },

  'authority.batchTooLarge': { zh: '一次批量授权最多{{limit}}项（对象数×权限数），请分批设置', zhtw: '一次批次授權最多{{limit}}項（對象數×權限數），請分批設定', en: 'One batch grants at most {{limit}} items (objects × permissions): split it' },

  'roles.nameRequired': { zh: '请输入角色名称', zhtw: '請輸入角色名稱', en: 'Enter the role name' },
  'roles.nameTooLong': { zh: '角色名称最多为50个字符！', zhtw: '角色名稱最多為50個字元！', en: 'The role name is at most 50 characters' },
  'roles.codeRequired': { zh: '请输入角色编码', zhtw: '請輸入角色編碼', en: 'Enter the role code' },
  'roles.codeTooLong': { zh: '角色编码最多为50个字符！', zhtw: '角色編碼最多為50個字元！', en: 'The role code is at most 50 characters' },
  'roles.nameExists': { zh: '角色名称不能重复', zhtw: '角色名稱不能重複', en: 'A role of this type already has this name' },
  'roles.codeExists': { zh: '角色编码不能重复', zhtw: '角色編碼不能重複', en: 'A role already has this code' },
  'roles.notFound': { zh: '角色不存在', zhtw: '角色不存在', en: 'No such role' },
  'roles.organizeRequired': { zh: '请选择所属组织', zhtw: '請選擇所屬組織', en: 'Choose the organisations the role belongs to' },
  'roles.organizeNotFound': { zh: '所属组织不存在', zhtw: '所屬組織不存在', en: 'One of the chosen organisations does not exist' },
  'roles.inUse': {
    zh: '该角色下有{{count}}个用户，不能删除，请先移除这些用户的角色',
    zhtw: '該角色下有{{count}}個使用者，不能刪除，請先移除這些使用者的角色',
    en: '{{count}} users hold this role; take it from them before deleting it',
  },
  'roles.typeGlobal': { zh: '全局', zhtw: '全域', en: 'Global' },
  'roles.typeOrganize': { zh: '组织', zhtw: '組織', en: 'Organisation' },

  'authority.badObjectType': { zh: '授权对象类型不正确，应为 Role、Position、User 或 Group', zhtw: '授權對象類型不正確，應為 Role、Position、User 或 Group', en: 'The object type must be Role, Position, User or Group' },
  'authority.objectNotFound': { zh: '授权对象不存在', zhtw: '授權對象不存在', en: 'The object to authorise does not exist' },
  'authority.badType': { zh: '权限类型不正确，应为 system、module、button、column、form 或 resource', zhtw: '權限類型不正確，應為 system、module、button、column、form 或 resource', en: 'The permission type must be system, module, button, column, form or resource' },
  'authority.itemNotFound': { zh: '权限项不存在：{{id}}', zhtw: '權限項不存在：{{id}}', en: 'No such permission item: {{id}}' },

  'dataScheme.nameRequired': { zh: '请输入方案名称', zhtw: '請輸入方案名稱', en: 'Enter the scheme name' },
  'dataScheme.nameTooLong': { zh: '方案名称最多为50个字符！', zhtw: '方案名稱最多為50個字元！', en: 'The scheme name is at most 50 characters' },
  'dataScheme.codeRequired': { zh: '请输入方案编码', zhtw: '請輸入方案編碼', en: 'Enter the scheme code' },
  'dataScheme.codeTooLong': { zh: '方案编码最多为50个字符！', zhtw: '方案編碼最多為50個字元！', en: 'The scheme code is at most 50 characters' },
  'dataScheme.codeExists': { zh: '该菜单已有此方案编码', zhtw: '該選單已有此方案編碼', en: 'This menu already has a scheme with this code' },
  'dataScheme.notFound': { zh: '数据权限方案不存在', zhtw: '資料權限方案不存在', en: 'No such data scheme' },
  'dataScheme.badKind': { zh: '方案类型不正确，应为 all、organize、organizeAndSub、own 或 custom', zhtw: '方案類型不正確，應為 all、organize、organizeAndSub、own 或 custom', en: 'The scheme kind must be all, organize, organizeAndSub, own or custom' },
  'dataScheme.badCondition': {
    zh: '自定义条件不正确：每条须有字段、运算符（==、!=、like、in、>、<、>=、<=）和值',
    zhtw: '自訂條件不正確：每條須有欄位、運算子（==、!=、like、in、>、<、>=、<=）和值',
    en: 'Custom conditions need a field, an operator (==, !=, like, in, >, <, >=, <=) and a value each',
  },

} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    permission: typeof permissionMessages;
  }
}
