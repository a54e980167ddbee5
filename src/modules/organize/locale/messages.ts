import type { Language } from '../../../shared/language.js';

/** The organisation module's messages (organisations, departments, positions, groups), in zh, zhtw and en. */
export const organizeMessages = {
  'organize.notFound': { zh: '组织不存在', zhtw: '組織不存在', en: 'No such organisation' },
  'organize.departmentNotFound': { zh: '部门不存在', zhtw: '部門不存在', en: 'No such department' },
  'organize.nameRequired': { zh: '请输入名称', zhtw: '請輸入名稱', en: 'Enter the name' },
  'organize.nameTooLong': { zh: '名称最多为50个字符', zhtw: '名稱最多為50個字元', en: 'The name has at most 50 characters' },
  'organize.codeRequired': { zh: '请输入编码', zhtw: '請輸入編碼', en: 'Enter the code' },
  'organize.codeTooLong': { zh: '编码最多为50个字符', zhtw: '編碼最多為50個字元', en: 'The code has at most 50 characters' },
  'organize.particularsInvalid': { zh: '组织扩展信息应为一个 JSON 对象，且不超过10000个字符', zhtw: '組織擴充資訊應為一個 JSON 物件，且不超過10000個字元', en: 'The organisation’s particulars must be one JSON object of at most 10,000 characters' },
  'organize.codeInvalid': {
    zh: '编码只能输入字母、数字、点，且不能以点开头或结尾',
    zhtw: '編碼只能輸入字母、數字、點，且不能以點開頭或結尾',
    en: 'The code takes letters, digits and dots only, not starting or ending with a dot',
  },
  'organize.codeTaken': { zh: '组织编码已存在', zhtw: '組織編碼已存在', en: 'This organisation code is already used' },
  'organize.nameTaken': { zh: '同一上级下已有同名的组织：{{name}}', zhtw: '同一上級下已有同名的組織：{{name}}', en: 'The parent already holds an organisation named {{name}}' },
  'organize.parentNotFound': { zh: '上级组织不存在', zhtw: '上級組織不存在', en: 'The parent organisation does not exist' },
  'organize.parentRequired': { zh: '请选择所属组织', zhtw: '請選擇所屬組織', en: 'Choose the organisation it belongs to' },
  'organize.departmentAtTop': { zh: '部门必须属于公司或部门，不能作为顶级组织', zhtw: '部門必須屬於公司或部門，不能作為頂級組織', en: 'A department belongs to a company or a department; it cannot be at the top' },
  'organize.companyUnderDepartment': { zh: '公司不能放在部门下', zhtw: '公司不能放在部門下', en: 'A company cannot sit under a department' },
  'organize.moveUnderSelf': {
    zh: '不能把组织移到它自己或它的下级组织下',
    zhtw: '不能把組織移到它自己或它的下級組織下',
    en: 'An organisation cannot move under itself or one of its own sub-organisations',
  },
  'organize.categoryInvalid': { zh: '组织类型只能是公司或部门', zhtw: '組織類型只能是公司或部門', en: 'An organisation is a company or a department' },
  'organize.managerNotFound': { zh: '部门主管不存在', zhtw: '部門主管不存在', en: 'The department head does not exist' },
  'organize.hasChildren': {
    zh: '该组织下还有{{count}}个下级组织，请先删除或移走它们',
    zhtw: '該組織下還有{{count}}個下級組織，請先刪除或移走它們',
    en: 'This organisation still holds {{count}} sub-organisation(s); delete or move them first',
  },
  'organize.hasPositions': {
    zh: '该组织下还有{{count}}个岗位，请先删除或移走它们',
    zhtw: '該組織下還有{{count}}個崗位，請先刪除或移走它們',
    en: 'This organisation still holds {{count}} position(s); delete or move them first',
  },
  'organize.hasUsers': {
    zh: '该组织下还有{{count}}个用户，请先移走他们',
    zhtw: '該組織下還有{{count}}個使用者，請先移走他們',
    en: 'This organisation still has {{count}} user(s); move them first',
  },
  'organize.hasRoles': {
    zh: '该组织还关联着{{count}}个组织角色，请先解除关联',
    zhtw: '該組織還關聯著{{count}}個組織角色，請先解除關聯',
    en: 'This organisation is still linked to {{count}} organisation role(s); unlink them first',
  },
  'organize.positionNotFound': { zh: '岗位不存在', zhtw: '崗位不存在', en: 'No such position' },
  'organize.positionNameRequired': { zh: '请输入岗位名称', zhtw: '請輸入崗位名稱', en: 'Enter the position name' },
  'organize.positionNameTooLong': { zh: '岗位名称最多为50个字符', zhtw: '崗位名稱最多為50個字元', en: 'The position name has at most 50 characters' },
  'organize.positionCodeRequired': { zh: '请输入岗位编码', zhtw: '請輸入崗位編碼', en: 'Enter the position code' },
  'organize.positionCodeTooLong': { zh: '岗位编码最多为50个字符', zhtw: '崗位編碼最多為50個字元', en: 'The position code has at most 50 characters' },
  'organize.positionCodeTaken': { zh: '岗位编码已存在', zhtw: '崗位編碼已存在', en: 'This position code is already used' },
  'organize.positionNameTaken': { zh: '该组织下已有同名岗位：{{name}}', zhtw: '該組織下已有同名崗位：{{name}}', en: 'This organisation already has a position named {{name}}' },
  'organize.positionOrganizeRequired': { zh: '请选择所属组织', zhtw: '請選擇所屬組織', en: 'Choose the organisation the position belongs to' },
  'organize.positionHasUsers': {
    zh: '该岗位下还有{{count}}个用户，请先移走他们',
    zhtw: '該崗位下還有{{count}}個使用者，請先移走他們',
    en: 'This position is still held by {{count}} user(s); move them first',
  },
  'organize.positionMovedWithUsers': {
    zh: '该岗位下还有用户，不能改变所属组织',
    zhtw: '該崗位下還有使用者，不能改變所屬組織',
    en: 'This position is held by users; it cannot move to another organisation',
  },
  'organize.groupNotFound': { zh: '分组不存在', zhtw: '分組不存在', en: 'No such group' },
  'organize.groupNameRequired': { zh: '请输入分组名称', zhtw: '請輸入分組名稱', en: 'Enter the group name' },
  'organize.groupNameTooLong': { zh: '分组名称最多为50个字符', zhtw: '分組名稱最多為50個字元', en: 'The group name has at most 50 characters' },
  'organize.groupCodeRequired': { zh: '请输入分组编码', zhtw: '請輸入分組編碼', en: 'Enter the group code' },
  'organize.groupCodeTooLong': { zh: '分组编码最多为50个字符', zhtw: '分組編碼最多為50個字元', en: 'The group code has at most 50 characters' },
  'organize.groupCodeTaken': { zh: '分组编码已存在', zhtw: '分組編碼已存在', en: 'This group code is already used' },
  'organize.groupNameTaken': { zh: '分组名称已存在：{{name}}', zhtw: '分組名稱已存在：{{name}}', en: 'A group named {{name}} already exists' },
  'organize.groupHasMembers': {
    zh: '该分组还有{{count}}个成员，请先移除成员',
    zhtw: '該分組還有{{count}}個成員，請先移除成員',
    en: 'This group still has {{count}} member(s); remove them first',
  },
  'organize.outsideScope': { zh: '保存后的数据将超出您的数据权限范围', zhtw: '儲存後的資料將超出您的資料權限範圍', en: 'Once saved, this record would be outside your data scope' },
  'organize.groupUntyped': { zh: '未分类', zhtw: '未分類', en: 'Uncategorised' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    organize: typeof organizeMessages;
  }
}
