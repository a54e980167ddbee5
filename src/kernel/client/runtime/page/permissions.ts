import type { PermissionEntry } from '../../../../shared/sessionInfo.js';
import type { ScreenButton, ScreenColumn } from './screen.js';

/**
 * Permissions through the page runtime (spec 000 §6): the current menu's entry (by modelId) lists the buttons,
 * columns and form fields by enCode. A button's code is its enCode, or btn_{value}. With the judge flag on and no
 * entry, nothing guarded shows.
 */
export function permissionEntry(list: readonly PermissionEntry[], modelId: string | undefined): PermissionEntry | undefined {
  return modelId ? list.find((entry) => entry.modelId === modelId) : undefined;
}

export const buttonCode = (button: ScreenButton) => button.enCode ?? `btn_${button.value}`;

export function allowedButtons(buttons: readonly ScreenButton[] | undefined, entry: PermissionEntry | undefined, judge: boolean | undefined): ScreenButton[] {
  if (!buttons) return [];
  if (!judge) return [...buttons];
  const codes = new Set(entry?.button.map((b) => b.enCode) ?? []);
  return buttons.filter((button) => codes.has(buttonCode(button)));
}

export function allowedColumns(columns: readonly ScreenColumn[], entry: PermissionEntry | undefined, judge: boolean | undefined): ScreenColumn[] {
  if (!judge) return [...columns];
  const codes = new Set(entry?.column.map((c) => c.enCode) ?? []);
  return columns.filter((column) => codes.has(column.prop));
}

/** Form permission: the fields listed in the entry's form list are hidden (sub-table fields as table-field). */
export function hiddenFormFields(entry: PermissionEntry | undefined, judge: boolean | undefined): string[] {
  return judge ? (entry?.form.map((f) => f.enCode) ?? []) : [];
}
