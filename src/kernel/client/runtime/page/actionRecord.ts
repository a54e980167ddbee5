import { fillValue } from './template.js';

/** The record an action is about: its `id` template ({id: '{id}'} by default: the row's), or undefined when it names none. */
export function actionRecordId(action: Record<string, unknown>, context: Record<string, unknown>): string | undefined {
  const id = fillValue(action.id ?? '{id}', context);
  return id === undefined || id === null || id === '' ? undefined : String(id);
}

/** The row's name (fullName), for the title of the dialog an action opens on it. */
export const rowFullName = (context: Record<string, unknown>) => String((context.row as Record<string, unknown> | undefined)?.fullName ?? '');
