import { afterAll, afterEach, vi } from 'vitest';
import { act, configure } from '@testing-library/react';
import { ConfigProvider, message, Modal, notification } from 'antd';
import { resetSession } from '../../../src/kernel/client/stores/session.js';

/**
 * Component tests run on a shared, busy machine: a first render there can take seconds. Every waitFor / findBy
 * waits up to 5 s and every test and hook up to 30 s by default (a test that passes does not pay for either), and
 * nothing waits a fixed time.
 */
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/**
 * antd's toasts (message, notification) live in a root of their own, outside what cleanup() unmounts, each with a
 * close timer: one left open would fire after this file's DOM is gone ("window is not defined"). They are
 * destroyed after every test, inside act, so their notices unmount and clear their timers before the next test.
 * The static holders (toasts, Modal.confirm) run without motion: the test DOM never ends a CSS transition, so a closing
 * notice would otherwise stay mounted, timer and all, in its leave step. Fake timers a failed test left on are put
 * back too.
 */
ConfigProvider.config({ theme: { token: { motion: false } } });

/**
 * A worker's component files share one window and one module graph (vite.config.ts, the 'unit' project): what a
 * file changed of them goes back when it ends, so the next file starts as the first did. The window's width
 * (viewportWidth replaces matchMedia), blob addresses a test stubbed, and the session store a test signed in.
 */
type Shared = { matchMedia?: PropertyDescriptor; createObjectURL: typeof URL.createObjectURL; revokeObjectURL: typeof URL.revokeObjectURL };
const sharedKey = Symbol.for('labcode.unit.sharedWindow');
const holder = globalThis as unknown as Record<symbol, Shared | undefined>;
// Taken once per worker, before any file changed them.
const shared = (holder[sharedKey] ??= { matchMedia: Object.getOwnPropertyDescriptor(window, 'matchMedia'), createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL });
afterAll(() => {
  if (shared.matchMedia) Object.defineProperty(window, 'matchMedia', shared.matchMedia);
  else delete (window as unknown as Record<string, unknown>).matchMedia;
  URL.createObjectURL = shared.createObjectURL;
  URL.revokeObjectURL = shared.revokeObjectURL;
  resetSession();
});

afterEach(async () => {
  vi.useRealTimers();
  await act(async () => {
    message.destroy();
    notification.destroy();
    // Confirmations live outside the rendered tree too, and a closed one stays in the test DOM, which the worker's
    // files share: none may answer for the next test or the next file.
    Modal.destroyAll();
  });
  document.querySelectorAll('.ant-modal-root').forEach((root) => root.parentElement?.remove());
});

/**
 * happy-dom has no layout: every element measures 0 px. The sub-table's virtualizer sizes its window from the scroll
 * body's clientHeight, so the body reports the height its style gives it; everything else stays 0. (Media queries
 * happy-dom answers for its 1024 px window: antd's responsive parts lay out for a desktop.)
 */
const styleHeight = (element: HTMLElement) => Number.parseFloat(element.style?.height ?? '') || 0;
const styleWidth = (element: HTMLElement) => Number.parseFloat(element.style?.minWidth ?? '') || 1000;

Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList?.contains('jnpf-subtable-body') ? styleHeight(this) : 0;
  },
});
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList?.contains('jnpf-subtable-body') ? styleWidth(this) : 0;
  },
});
