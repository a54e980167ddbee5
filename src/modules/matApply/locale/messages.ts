import type { Language } from '../../../shared/language.js';
import { REQUISITION_MESSAGES, ADDRESS_MAX_LENGTH, REMARKS_MAX_LENGTH } from '../../../shared/requisitionRules.js';

/**
 * The requisition module's messages. The §5 submit rules take their texts from src/shared/requisitionRules.ts, so
 * the drawer and the server say the same words; the rest are the server's own checks.
 */
export const matApplyMessages = {
  'matApply.nothingSubmitted': REQUISITION_MESSAGES.nothingSubmitted,
  'matApply.spareProductRequired': REQUISITION_MESSAGES.spareProductRequired,
  'matApply.spareCountRequired': REQUISITION_MESSAGES.spareCountRequired,
  'matApply.spareCountInvalid': REQUISITION_MESSAGES.spareCountInvalid,
  'matApply.projectRequired': REQUISITION_MESSAGES.projectRequired,
  'matApply.needDateRequired': REQUISITION_MESSAGES.needDateRequired,
  'matApply.needUserRequired': REQUISITION_MESSAGES.needUserRequired,
  'matApply.needOrgRequired': REQUISITION_MESSAGES.needOrgRequired,
  'matApply.addressRequired': REQUISITION_MESSAGES.addressRequired,
  'matApply.productNotStocked': {
    zh: '第{{row}}行备库物料不存在或已不再备库，请重新选择！',
    zhtw: '第{{row}}行備庫物料不存在或已不再備庫，請重新選擇！',
    en: 'Row {{row}}: the spare-stock material does not exist or is no longer stocked; choose it again!',
  },
  'matApply.customerUndertakeInvalid': {
    zh: '第{{row}}行是否客户承担只能为是或否！',
    zhtw: '第{{row}}行是否客戶承擔只能為是或否！',
    en: 'Row {{row}}: "customer bears the cost" is yes or no!',
  },
  'matApply.returnedNotAvailable': {
    zh: '退库试剂第{{row}}行不存在或已提交，请刷新后重新选择！',
    zhtw: '退庫試劑第{{row}}行不存在或已提交，請重新整理後重新選擇！',
    en: 'Returned reagent row {{row}} does not exist or was already submitted; refresh and choose again!',
  },
  'matApply.returnedDuplicate': {
    zh: '退库试剂第{{row}}行重复提交！',
    zhtw: '退庫試劑第{{row}}行重複提交！',
    en: 'Returned reagent row {{row}} is listed twice!',
  },
  'matApply.needDateInvalid': { zh: '需求日期格式不正确！', zhtw: '需求日期格式不正確！', en: 'The date needed is not a valid date!' },
  'matApply.needUserNotFound': { zh: '需求人不存在或已停用！', zhtw: '需求人不存在或已停用！', en: 'The person who needs it does not exist or is disabled!' },
  'matApply.needOrgMismatch': {
    zh: '需求人不属于所选部门，请重新选择需求人所在部门！',
    zhtw: '需求人不屬於所選部門，請重新選擇需求人所在部門！',
    en: "The person who needs it is not in the chosen department; choose the requester's department again!",
  },
  'matApply.projectNotMember': {
    zh: '所选项目不存在或需求人不是该项目成员，请重新选择项目！',
    zhtw: '所選項目不存在或需求人不是該項目成員，請重新選擇項目！',
    en: 'The project does not exist or the person who needs it is not a member; choose the project again!',
  },
  'matApply.addressTooLong': {
    zh: `配送地址最多为${ADDRESS_MAX_LENGTH}个字符！`,
    zhtw: `配送地址最多為${ADDRESS_MAX_LENGTH}個字元！`,
    en: `The delivery address has at most ${ADDRESS_MAX_LENGTH} characters!`,
  },
  'matApply.remarksTooLong': {
    zh: `备注最多为${REMARKS_MAX_LENGTH}个字符！`,
    zhtw: `備註最多為${REMARKS_MAX_LENGTH}個字元！`,
    en: `The remarks have at most ${REMARKS_MAX_LENGTH} characters!`,
  },
  'matApply.submitted': { zh: '提交成功', zhtw: '提交成功', en: 'Submitted' },
  'matApply.notFound': { zh: '申领单不存在', zhtw: '申領單不存在', en: 'No such requisition' },
  'matApply.voided': { zh: '作废成功', zhtw: '作廢成功', en: 'Voided' },
  'matApply.voidNotOwner': { zh: '只能作废自己提交的申领单', zhtw: '只能作廢自己提交的申領單', en: 'You can void only requisitions you submitted' },
  'matApply.cannotVoid': {
    zh: '申领单已审批通过或已作废，不能作废',
    zhtw: '申領單已審批通過或已作廢，不能作廢',
    en: 'The requisition is already approved or voided and cannot be voided',
  },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    matApply: typeof matApplyMessages;
  }
}
