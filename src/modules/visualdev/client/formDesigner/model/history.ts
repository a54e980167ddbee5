/**
 * Undo and redo over whole trees: each edit keeps the previous tree (structurally shared, so a step costs the
 * nodes it changed). Typing in a property box is one step per pause, not per key: edits tagged with the same
 * `coalesce` key within a second replace the newest step instead of adding one.
 */
export const HISTORY_LIMIT = 100;
const COALESCE_MS = 1000;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  lastTag?: string;
  lastAt?: number;
}

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

export function record<T>(history: History<T>, next: T, coalesce?: string, now = Date.now()): History<T> {
  if (next === history.present) return history;
  if (coalesce && coalesce === history.lastTag && history.lastAt !== undefined && now - history.lastAt < COALESCE_MS) {
    return { ...history, present: next, future: [], lastAt: now };
  }
  const past = [...history.past, history.present];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { past, present: next, future: [], ...(coalesce ? { lastTag: coalesce, lastAt: now } : {}) };
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  const past = history.past.slice(0, -1);
  return { past, present: history.past[history.past.length - 1]!, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [present, ...future] = history.future;
  return { past: [...history.past, history.present], present: present!, future };
}
