import type { FormDefinition } from '../../../../shared/form/definition.js';
import { storage } from '../../../../kernel/client/stores/storage.js';
import type { ColumnData } from '../listDesigner/columnData.js';

/**
 * The unsaved work of the design editor, kept in this browser while it is edited: a crash, a closed tab or a
 * lost connection no longer loses a design that took an hour. One draft per design (and one for a new design);
 * the editor offers it back when the design is opened again, and forgets it once the design is saved or the
 * changes are closed away on purpose. Kept through the app's storage, under the product prefix (spec 000 §3:
 * labcode_designDraft.<id>), which also copes with a browser that refuses storage.
 */
export interface StoredDraft {
  savedAt: number;
  baseValues: Record<string, unknown>;
  form: FormDefinition;
  columnData: ColumnData;
}

const keyOf = (designId: string | undefined) => `designDraft.${designId ?? 'new'}`;

export function readDraft(designId: string | undefined): StoredDraft | undefined {
  const text = storage.get(keyOf(designId));
  if (!text) return undefined;
  try {
    const draft = JSON.parse(text) as StoredDraft;
    return draft && typeof draft.savedAt === 'number' && draft.form && Array.isArray(draft.form.fields) ? draft : undefined;
  } catch {
    // A draft another version wrote, or a damaged one: nothing to offer.
    return undefined;
  }
}

export function writeDraft(designId: string | undefined, draft: Omit<StoredDraft, 'savedAt'>): void {
  storage.set(keyOf(designId), JSON.stringify({ ...draft, savedAt: Date.now() }));
}

export function clearDraft(designId: string | undefined): void {
  storage.remove(keyOf(designId));
}
