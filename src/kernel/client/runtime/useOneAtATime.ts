import { useRef } from 'react';

/**
 * `run`, but a call while the previous one is still under way does nothing: a second press of a dialog's save
 * (Enter twice, a double click) while the first is validating or sending is not a second save. A ref, not state:
 * the second press can come before React has rendered the first one's "saving".
 */
export function useOneAtATime(run: () => Promise<void>): () => Promise<void> {
  const pending = useRef(false);
  return async () => {
    if (pending.current) return;
    pending.current = true;
    try {
      await run();
    } finally {
      pending.current = false;
    }
  };
}
