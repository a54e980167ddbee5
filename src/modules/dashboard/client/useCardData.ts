import { useEffect, useState } from 'react';
import { RequestError } from '../../../kernel/client/api/createRequest.js';

/**
 * What a card shows while it loads its data: loading, the data, or why there is none. A call that answers 404
 * (a module not installed, such as the workflow before it is merged) and one refused for lack of permission (403)
 * are told apart from other failures, so the card can say which.
 */
export type CardData<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'missing' } | { state: 'forbidden' } | { state: 'failed'; message: string };

export function cardFailure(error: unknown): CardData<never> {
  const code = error instanceof RequestError ? error.envelope?.code : undefined;
  if (code === 404) return { state: 'missing' };
  if (code === 403) return { state: 'forbidden' };
  return { state: 'failed', message: error instanceof Error ? error.message : String(error) };
}

export function useCardData<T>(load: () => Promise<T>, deps: readonly unknown[] = []): CardData<T> {
  const [data, setData] = useState<CardData<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setData({ state: 'loading' });
    load().then(
      (value) => live && setData({ state: 'ready', data: value }),
      (error: unknown) => live && setData(cardFailure(error)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return data;
}
