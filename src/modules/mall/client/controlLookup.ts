import { mallApi, type ControlType } from './api.js';

/**
 * Reagent control by CAS number (getReagentControl), for rows the catalogue has not flagged: the numbers asked
 * within one render are gathered into one call, and each answer is kept for the session, so a page of results
 * costs one request. A number the server does not know stays unknown (no tag).
 */
const known = new Map<string, ControlType | null>();
const waiting = new Map<string, ((type: ControlType | undefined) => void)[]>();
let scheduled = false;

async function askWaiting(): Promise<void> {
  scheduled = false;
  const asked = [...waiting.keys()];
  const callbacks = new Map(waiting);
  waiting.clear();
  let answer: Record<string, ControlType> = {};
  try {
    answer = await mallApi.control(asked);
  } catch {
    // A refused call: unknown for now, asked again when the number shows again.
    for (const cas of asked) callbacks.get(cas)?.forEach((callback) => callback(undefined));
    return;
  }
  for (const cas of asked) {
    known.set(cas, answer[cas] ?? null);
    callbacks.get(cas)?.forEach((callback) => callback(answer[cas]));
  }
}

export function controlOf(cas: string): ControlType | null | undefined {
  return known.get(cas);
}

export function lookUpControl(cas: string): Promise<ControlType | undefined> {
  const cached = known.get(cas);
  if (cached !== undefined) return Promise.resolve(cached ?? undefined);
  return new Promise((resolve) => {
    waiting.set(cas, [...(waiting.get(cas) ?? []), resolve]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(() => void askWaiting(), 0);
    }
  });
}
