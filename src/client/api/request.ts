import { message } from 'antd';
import { createRequest } from './createRequest.js';
import { requestFinished, requestStarted } from '../stores/loading.js';
import { resetSession, session } from '../stores/session.js';
import { i18n, languageTag } from '../i18n/index.js';

/** The app's request function: the request layer wired to antd's toasts, the session store and the loading mask. */
export const { request } = createRequest({
  getToken: () => session.token,
  getLanguageTag: () => languageTag(i18n.language),
  showError: (text, durationMs) => void message.error({ content: text, duration: durationMs / 1000 }),
  endSession: () => {
    resetSession();
    const here = window.location.pathname + window.location.search;
    if (!window.location.pathname.startsWith('/login')) {
      window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
    }
  },
  requestStarted,
  requestFinished,
});
