import type { Translations } from '../../../shared/translations.js';

/** The message centre's words in the web client, under `msgCenter.`. */
export const messageWords = {
  'msgCenter.bell': { zh: '通知', zhtw: '通知', en: 'Notifications' },
  'msgCenter.noMessages': { zh: '暂无消息', zhtw: '暫無訊息', en: 'No messages' },
  'msgCenter.viewAll': { zh: '查看全部消息', zhtw: '檢視全部訊息', en: 'All messages' },
  'msgCenter.readAll': { zh: '全部已读', zhtw: '全部已讀', en: 'Mark all read' },
  'msgCenter.from': { zh: '发布人', zhtw: '發佈人', en: 'From' },
  'msgCenter.sentAt': { zh: '发布时间', zhtw: '發佈時間', en: 'Sent' },
  'msgCenter.expires': { zh: '失效时间', zhtw: '失效時間', en: 'Expires' },
  'msgCenter.close': { zh: '关闭', zhtw: '關閉', en: 'Close' },
  'msgCenter.unreadCount': { zh: '{{count}} 条未读', zhtw: '{{count}} 則未讀', en: '{{count}} unread' },
  'msgCenter.types.1': { zh: '公告', zhtw: '公告', en: 'Notice' },
  'msgCenter.types.2': { zh: '流程', zhtw: '流程', en: 'Workflow' },
  'msgCenter.types.3': { zh: '系统', zhtw: '系統', en: 'System' },
  'msgCenter.types.4': { zh: '日程', zhtw: '日程', en: 'Schedule' },
  'msgCenter.dingTalk': { zh: '钉钉', zhtw: '釘釘', en: 'DingTalk' },
  'msgCenter.weCom': { zh: '企业微信', zhtw: '企業微信', en: 'WeCom' },
  'msgCenter.test': { zh: '测试连接', zhtw: '測試連線', en: 'Test connection' },
  'msgCenter.testAgent': { zh: '测试消息应用', zhtw: '測試訊息應用', en: 'Test messaging app' },
  'msgCenter.syncOrganize': { zh: '同步组织', zhtw: '同步組織', en: 'Synchronise organisation' },
  'msgCenter.syncUsers': { zh: '同步用户', zhtw: '同步使用者', en: 'Synchronise users' },
  'msgCenter.recordTotal': { zh: '共 {{total}} 条，未同步 {{pending}} 条', zhtw: '共 {{total}} 筆，未同步 {{pending}} 筆', en: '{{total}} records, {{pending}} not synchronised' },
  'msgCenter.admins': { zh: '系统管理员', zhtw: '系統管理員', en: 'Administrators' },
  'msgCenter.adminsHint': { zh: '管理员拥有全部菜单和权限；内置账号 admin 始终是管理员。', zhtw: '管理員擁有全部選單和權限；內建帳號 admin 始終是管理員。', en: 'Administrators hold every menu and permission; the built-in account admin always stays one.' },
  'msgCenter.save': { zh: '保存', zhtw: '儲存', en: 'Save' },
} as const satisfies Translations;
