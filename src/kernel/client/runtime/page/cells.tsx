import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { createRegistry, isFunction } from './registry.js';
import type { CellSpec } from './screen.js';

/**
 * Cells: how a column's value shows, by the screen's `cells` map ({enabledMark: 'enabledTag'}), registered by
 * name. A column without a cell shows its value as text; a cell nobody registered says so in the cell.
 */
export interface CellEnv {
  /** The cell's settings: {name} alone for a cell given by name. */
  settings: { name: string; [setting: string]: unknown };
  row: Record<string, unknown>;
  t: TFunction;
  language: string;
}

export type CellRenderer = (value: unknown, env: CellEnv) => ReactNode;

const cells = createRegistry<CellRenderer>('cell', isFunction, 'a function (value, env) => ReactNode');

export const registerCell = cells.register;
export const cellNames = cells.names;

export const plainText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export function renderCell(spec: CellSpec | undefined, value: unknown, env: Omit<CellEnv, 'settings'>): ReactNode {
  if (spec === undefined) return plainText(value);
  const settings = typeof spec === 'string' ? { name: spec } : spec;
  const renderer = cells.get(settings.name);
  if (!renderer) return <Typography.Text type="danger" data-testid="unknown-cell">{env.t('page.unknownCell', { name: settings.name })}</Typography.Text>;
  return renderer(value, { ...env, settings });
}
