import { afterAll, beforeAll, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { replaceRequest } from '../../../src/kernel/client/api/request.js';

/**
 * A scripted request layer for client tests that render real screens: every call is recorded in `fake.calls`;
 * `fake.answers` says what a URL answers (a function gets the call, an Error is thrown as a refusal), anything
 * else answers data null. A test file puts it in the app's place for its tests:
 *
 *   useFakeRequest();
 *
 * or puts a request function of its own there: `useFakeRequest(vi.fn(async (config) => …))`.
 */
export type Call = { url: string; method?: string; data?: Record<string, unknown>; params?: Record<string, unknown>; silent?: boolean };

export const fake: { calls: Call[]; answers: Record<string, unknown> } = { calls: [], answers: {} };

export const requestModule = {
  request: vi.fn(async (config: Call) => {
    fake.calls.push(config);
    const answer = fake.answers[config.url];
    if (answer instanceof Error) throw answer;
    return { code: 200, msg: '', data: typeof answer === 'function' ? (answer as (call: Call) => unknown)(config) : (answer ?? null) };
  }),
};

/**
 * The file's screens call `fakeRequest` (the scripted layer above unless given) instead of the server, from the
 * first of its tests to the last; the app's request layer is back for the next file in the worker.
 */
export function useFakeRequest(fakeRequest: (config: never) => Promise<unknown> = requestModule.request): void {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = replaceRequest(fakeRequest as Parameters<typeof replaceRequest>[0]);
  });
  afterAll(() => restore?.());
}

export const callsTo = (url: string) => fake.calls.filter((call) => call.url === url);

/**
 * Settles once the last call to `url` has been answered (or refused) and its caller has taken the answer: the
 * caller awaited it before this does, so what it does at once with the answer is done. The signal a test waits
 * for before checking that a refusal changed nothing.
 */
export async function answered(url: string): Promise<void> {
  const { calls, results } = requestModule.request.mock;
  let index = calls.length - 1;
  while (index >= 0 && calls[index][0].url !== url) index -= 1;
  if (index < 0) throw new Error(`no call to ${url} yet`);
  await Promise.resolve(results[index].value).then(
    () => undefined,
    () => undefined,
  );
}

/** Starts a test afresh: no calls recorded, these answers. */
export function resetFake(answers: Record<string, unknown> = {}): void {
  fake.calls.length = 0;
  fake.answers = answers;
  // The files of a worker share this module: the calls an earlier file made are no answer to wait for (answered).
  requestModule.request.mockClear();
}

/**
 * A window `width` px wide for antd's breakpoints and the runtime's phone check (matchMedia min/max-width). Every
 * other query (reduced motion, say) does not match. The window's own matchMedia is back when the file ends
 * (tests/support/unit/setup.ts).
 */
export function viewportWidth(width: number): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = Boolean(min || max) && (!min || Number(min[1]) <= width) && (!max || Number(max[1]) >= width);
      return { matches, media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false };
    },
  });
}

/** Waits (up to 10 s: the first render of a screen loads its chunks) until `check` passes. */
export const loaded = (check: () => void) => waitFor(check, { timeout: 10_000 });
