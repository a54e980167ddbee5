import type { Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * What other modules may add to the life of a released design's records, without this part knowing them: the
 * workflow starts a flow when a record is created and refuses edits and deletes of a record under approval. Hooks
 * run inside the write's transaction, so a hook that throws undoes the write. Hooks are code, not state: each is
 * registered once by name, and every app in the process runs the same ones with its own database.
 */
export interface RecordEvent {
  designId: string;
  recordId: string;
  userId: string;
  /** The caller's request body, for hooks that read their own extra fields (the workflow's flowUrgent). */
  body?: unknown;
}

export interface RecordHooks {
  created?: (trx: Transaction<DB>, event: RecordEvent) => Promise<void>;
  /** Called before an edit or a delete; throws to refuse it. */
  changing?: (trx: Transaction<DB>, event: RecordEvent & { change: 'update' | 'delete' }) => Promise<void>;
}

const hooks = new Map<string, RecordHooks>();

export function registerRecordHooks(name: string, recordHooks: RecordHooks): void {
  hooks.set(name, recordHooks);
}

export async function recordCreated(trx: Transaction<DB>, event: RecordEvent): Promise<void> {
  for (const hook of hooks.values()) await hook.created?.(trx, event);
}

export async function recordChanging(trx: Transaction<DB>, event: RecordEvent & { change: 'update' | 'delete' }): Promise<void> {
  for (const hook of hooks.values()) await hook.changing?.(trx, event);
}
