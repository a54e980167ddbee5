import type { Translations } from '../../../shared/translations.js';

/** The health module's words: why the server is not ready, in zh, zhtw and en. */
export const healthMessages = {
  'health.eventsReconnecting': {
    zh: '正在重新连接事件通道，暂不接收请求',
    zhtw: '正在重新連接事件通道，暫不接收請求',
    en: 'The event channel is reconnecting; the server takes no requests meanwhile',
  },
} as const satisfies Translations;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    health: typeof healthMessages;
  }
}
