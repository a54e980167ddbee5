import type { Key } from 'react';
import { session } from '../../../stores/session.js';
import type { ButtonCondition, ScreenButton } from '../screen.js';

/** A list row as the server answers it; tree lists nest rows in `children`. */
export type Row = Record<string, unknown> & { id?: string; children?: Row[]; hasChildren?: boolean };

export function withLazyChildren(rows: Row[]): Row[] {
  return rows.map((row) => ({ ...row, children: row.hasChildren ? row.children?.length ? withLazyChildren(row.children) : [] : undefined }));
}

/** Empty children arrays would show an expand icon on leaves: they are dropped (lazy rows keep theirs). */
export function withoutEmptyChildren(rows: Row[]): Row[] {
  return rows.map((row) => {
    if (!Array.isArray(row.children)) return row;
    if (row.children.length === 0) {
      const { children: _empty, ...rest } = row;
      return rest;
    }
    return { ...row, children: withoutEmptyChildren(row.children) };
  });
}

export function allKeys(rows: Row[], rowKey: string): Key[] {
  return rows.flatMap((row) => (row.children?.length ? [row[rowKey] as Key, ...allKeys(row.children, rowKey)] : []));
}

export function replaceChildren(rows: Row[], rowKey: string, key: unknown, children: Row[]): Row[] {
  return rows.map((row) => (row[rowKey] === key ? { ...row, children } : row.children?.length ? { ...row, children: replaceChildren(row.children, rowKey, key, children) } : row));
}

/**
 * Whether a row meets one condition: its prop's value is one of `in`. An empty value (null, absent) is ''; the
 * value "{currentUser}" stands for the signed-in user's id (an owner's own rows).
 */
function meets(condition: ButtonCondition, row: Row): boolean {
  const value = row[condition.prop];
  const shown = value === null || value === undefined ? '' : String(value);
  return condition.in.some((allowed) => (allowed === '{currentUser}' ? shown !== '' && shown === session.userInfo?.userId : String(allowed) === shown));
}

/** Whether a row shows a button: no condition, or every condition of `when` (one or a list) met. */
export const rowMeets = (when: ScreenButton['when'], row: Row): boolean => !when || (Array.isArray(when) ? when : [when]).every((condition) => meets(condition, row));

/** The row buttons a row shows: those without a condition, and those whose conditions the row meets. */
export const buttonsForRow = (buttons: readonly ScreenButton[], row: Row): ScreenButton[] => buttons.filter((button) => rowMeets(button.when, row));
