import { proxy } from 'valtio';

/** Requests in flight: the full-screen mask shows while this is above zero (spec 001 §4, request tracking). */
export const loading = proxy({ pending: 0 });

export function requestStarted(): void {
  loading.pending += 1;
}

export function requestFinished(): void {
  loading.pending = Math.max(0, loading.pending - 1);
}
