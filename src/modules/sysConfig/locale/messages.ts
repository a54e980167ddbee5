import type { Language } from '../../../shared/language.js';

/** The sysConfig module's messages, in zh, zhtw and en. */
export const sysConfigMessages = {
  'sysConfig.saved': { zh: '保存成功', zhtw: '儲存成功', en: 'Saved' },
  'sysConfig.sysNameRequired': { zh: '请输入系统名称', zhtw: '請輸入系統名稱', en: 'Enter the system name' },
  'sysConfig.textTooLong': { zh: '{{field}}最多为{{max}}个字符', zhtw: '{{field}}最多為{{max}}個字元', en: '{{field}} has at most {{max}} characters' },
  'sysConfig.iconInvalid': { zh: '图标地址须为站内路径或 http(s) 地址：{{field}}', zhtw: '圖示位址須為站內路徑或 http(s) 位址：{{field}}', en: 'An icon must be a site path or an http(s) address: {{field}}' },
  'sysConfig.switchInvalid': { zh: '{{field}}只能为0或1', zhtw: '{{field}}只能為0或1', en: '{{field}} must be 0 or 1' },
  'sysConfig.lengthInvalid': { zh: '密码最小长度须为{{min}}到{{max}}之间的整数', zhtw: '密碼最小長度須為{{min}}到{{max}}之間的整數', en: 'The minimum password length must be a whole number from {{min}} to {{max}}' },
  'sysConfig.credentialsRequired': { zh: '请填写{{field}}', zhtw: '請填寫{{field}}', en: 'Fill in the {{field}}' },
  'sysConfig.dingTalkUnreachable': { zh: '无法连接钉钉服务器，请检查网络后重试', zhtw: '無法連線釘釘伺服器，請檢查網路後重試', en: 'Cannot reach the DingTalk server; check the network and try again' },
  'sysConfig.weComUnreachable': { zh: '无法连接企业微信服务器，请检查网络后重试', zhtw: '無法連線企業微信伺服器，請檢查網路後重試', en: 'Cannot reach the WeCom server; check the network and try again' },
  'sysConfig.dingTalkRefused': { zh: '钉钉拒绝了连接：{{detail}}', zhtw: '釘釘拒絕了連線：{{detail}}', en: 'DingTalk refused the connection: {{detail}}' },
  'sysConfig.weComRefused': { zh: '企业微信拒绝了连接：{{detail}}', zhtw: '企業微信拒絕了連線：{{detail}}', en: 'WeCom refused the connection: {{detail}}' },
  'sysConfig.connected': { zh: '测试连接成功', zhtw: '測試連線成功', en: 'The connection works' },
  'sysConfig.testTypeInvalid': { zh: '测试类型只能为0（发送消息）或1（同步组织）', zhtw: '測試類型只能為0（發送訊息）或1（同步組織）', en: 'The test type is 0 (send messages) or 1 (synchronise the organisation)' },
  'sysConfig.thirdTypeInvalid': { zh: '同步类型只能为1（企业微信）或2（钉钉）', zhtw: '同步類型只能為1（企業微信）或2（釘釘）', en: 'The synchronisation type is 1 (WeCom) or 2 (DingTalk)' },
  'sysConfig.dingTalkSyncNotBuilt': { zh: '已连接钉钉，但同步功能尚未开发', zhtw: '已連線釘釘，但同步功能尚未開發', en: 'Connected to DingTalk, but synchronisation is not built yet' },
  'sysConfig.weComSyncNotBuilt': { zh: '已连接企业微信，但同步功能尚未开发', zhtw: '已連線企業微信，但同步功能尚未開發', en: 'Connected to WeCom, but synchronisation is not built yet' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    sysConfig: typeof sysConfigMessages;
  }
}
