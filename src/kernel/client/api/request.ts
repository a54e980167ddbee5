import { message } from 'antd';
import { createRequest } from './createRequest.js';
import { requestFinished, requestStarted } from '../stores/loading.js';
import { resetSession, session } from '../stores/session.js';
import { i18n, languageTag } from '../i18n/index.js';
import { ERROR_TOAST_DURATION_MS, REQUEST_ERROR_MESSAGE } from '../../../shared/constants.js';

/** Set once the page is on its way to /login after a session ended; the page load that follows resets it. */
let leaving = false;

/** Set while this tab signs out on its own (api/oauth.ts logout): the page goes to sign-in its own way. */
let ownSignOut = false;

export async function signingOut<T>(run: () => Promise<T>): Promise<T> {
  ownSignOut = true;
  try {
    return await run();
  } finally {
    ownSignOut = false;
  }
}

/** Where the reason a session ended waits for the sign-in page, across the page load that takes the browser there. */
export const SESSION_ENDED_KEY = 'lc-session-ended';

/**
 * The session is over: drop it and go to /login with the way back. With a reason (the message socket's logout
 * frame: signed out elsewhere, disabled, forced offline), the sign-in page shows it after the page load.
 */
export function leaveSession(reason?: string): void {
  // Several calls in flight may each answer 600–602: the first one leaves; a second page load started on top of
  // it would abort the first and could name /login itself as the redirect.
  if (reason) {
    // Kept even when a failed call is already taking the page away: the reason is what the person should read.
    try {
      window.sessionStorage.setItem(SESSION_ENDED_KEY, reason);
    } catch {
      // Storage refused (private mode, quota): the page still goes to sign-in, without the reason.
    }
  }
  if (leaving) return;
  resetSession();
  const here = window.location.pathname + window.location.search;
  if (!window.location.pathname.startsWith('/login')) {
    leaving = true;
    window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
  }
}

/**
 * The message socket says the session ended elsewhere (its logout frame, or a close with 4600–4602). No news when
 * this tab is signing out itself, or has already dropped the session: it goes to sign-in its own way.
 */
export function sessionEndedElsewhere(reason?: string): void {
  if (ownSignOut || !session.token) return;
  leaveSession(reason);
}

const showError = (text: string, durationMs: number) => void message.error({ content: text, duration: durationMs / 1000 });

/** The app's request function: the request layer wired to antd's toasts, the session store and the loading mask. */
const { request: appRequest } = createRequest({
  getToken: () => session.token,
  getLanguageTag: () => languageTag(i18n.language),
  showError,
  endSession: () => leaveSession(),
  passwordChangeRequired: () => {
    session.passwordChangeRequired = true;
  },
  requestStarted,
  requestFinished,
});

type Request = typeof appRequest;
let current: Request = appRequest;

/** What every screen calls: the app's request layer, or the one put in its place (replaceRequest). */
export const request: Request = (config) => current(config);

/**
 * A seam for tests: puts another request function in the app's place until the answer is called, which puts back
 * the one there before. The component tests answer a screen's calls with a script this way
 * (tests/support/unit/fakeRequest.ts), in one module graph shared by their files, where replacing the module itself
 * (vi.mock) is not possible. The app never calls it.
 */
export function replaceRequest(replacement: Request): () => void {
  const previous = current;
  current = replacement;
  return () => {
    current = previous;
  };
}

/**
 * Code loaded when first needed (a language pack, the password's hash) comes over the network like a request, and
 * fails like one: the toast spec 000 §8 gives a network failure, then the error for the caller's own handling.
 */
export async function loadOnDemand<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    showError(REQUEST_ERROR_MESSAGE, ERROR_TOAST_DURATION_MS);
    throw error;
  }
}
