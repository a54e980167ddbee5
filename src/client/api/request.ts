import { message } from 'antd';
import { createRequest } from './createRequest.js';
import { requestFinished, requestStarted } from '../stores/loading.js';
import { resetSession, session } from '../stores/session.js';
import { i18n, languageTag } from '../i18n/index.js';

/** Set once the page is on its way to /login after a session ended; the page load that follows resets it. */
let leaving = false;

/** The app's request function: the request layer wired to antd's toasts, the session store and the loading mask. */
export const { request } = createRequest({
  getToken: () => session.token,
  getLanguageTag: () => languageTag(i18n.language),
  showError: (text, durationMs) => void message.error({ content: text, duration: durationMs / 1000 }),
  endSession: () => {
    // Several calls in flight may each answer 600–602: the first one leaves; a second page load started on top of
    // it would abort the first and could name /login itself as the redirect.
    if (leaving) return;
    resetSession();
    const here = window.location.pathname + window.location.search;
    if (!window.location.pathname.startsWith('/login')) {
      leaving = true;
      window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
    }
  },
  requestStarted,
  requestFinished,
});
