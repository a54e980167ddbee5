import type { FormDefinition } from '../../../../shared/form/definition.js';
import type { ColumnData } from '../listDesigner/columnData.js';

/**
 * The unsaved work of the design editor, kept in this browser while it is edited: a crash, a closed tab or a
 * lost connection no longer loses a design that took an hour. One draft per design (and one for a new design);
 * the editor offers it back when the design is opened again, and forgets it once the design is saved or the
 * changes are closed away on purpose.
 */
export interface StoredDraft {
  savedAt: number;
  baseValues: Record<string, unknown>;
  form: FormDefinition;
  columnData: ColumnData;
}

const keyOf = (designId: string | undefined) => `labcode.designDraft.${designId ?? 'new'}`;

export function readDraft(designId: string | undefined): StoredDraft | undefined {
  try {
    const text = window.localStorage.getItem(keyOf(designId));
    if (!text) return undefined;
    const draft = JSON.parse(text) as StoredDraft;
    return draft && typeof draft.savedAt === 'number' && draft.form && Array.isArray(draft.form.fields) ? draft : undefined;
  } catch {
    // Storage refused (private mode) or a draft from another version: nothing to offer.
    return undefined;
  }
}

export function writeDraft(designId: string | undefined, draft: Omit<StoredDraft, 'savedAt'>): void {
  try {
    window.localStorage.setItem(keyOf(designId), JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Full or refused storage: the editor works on, only without the safety copy.
  }
}

export function clearDraft(designId: string | undefined): void {
  try {
    window.localStorage.removeItem(keyOf(designId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
