import { parseCas } from '../../../shared/casNumber.js';

/**
 * Spec 001 §4: order status labels, and the list's order status — when approvalStatus is -1 the result is failed if
 * secondStatus is 0, success if the two match, partly failed otherwise; for any other approval status a dash.
 */
export const ORDER_STATUSES = [0, 1, 2, 3, 10, -1, -2, 6] as const;
export const DEFAULT_ORDER_STATUS = 1;

export type ListOrderStatus = 'failed' | 'success' | 'partlyFailed';

export function listOrderStatus(approvalStatus: number | null | undefined, secondStatus: number | null | undefined): ListOrderStatus | null {
  if (approvalStatus !== -1) return null;
  if (secondStatus === 0) return 'failed';
  if (secondStatus === approvalStatus) return 'success';
  return 'partlyFailed';
}

/** The translation key of a status label; an unknown code reads as the default (1, order placed). */
export function orderStatusKey(status: number | null | undefined): string {
  const code = status !== null && status !== undefined && (ORDER_STATUSES as readonly number[]).includes(Number(status)) ? Number(status) : DEFAULT_ORDER_STATUS;
  return `mall.status.${code}`;
}

export function orderStatusColor(status: number): string {
  if (status === 10) return 'success';
  if (status === 2 || status === 3) return 'processing';
  if (status === 0 || status === -2) return 'error';
  if (status === -1) return 'default';
  if (status === 6) return 'warning';
  return 'blue';
}

/** Orders a buyer may still cancel: placed and not yet on their way (the server decides; this only hides the button). */
export const cancellable = (status: number) => status === 1 || status === 0;

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const validQuantity = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= QUANTITY_MIN && (value as number) <= QUANTITY_MAX;

/**
 * What a search box's text asks: a CAS number when it looks like one (digits and hyphens), checked here before
 * anything is sent; otherwise a name or keyword.
 */
export type SearchIntent = { kind: 'cas'; cas: string } | { kind: 'keyword'; keyword: string } | { kind: 'invalid'; reason: 'format' | 'checkDigit' } | { kind: 'empty' };

export function searchIntent(text: string): SearchIntent {
  const trimmed = String(text ?? '').trim();
  if (!trimmed) return { kind: 'empty' };
  const compact = trimmed.replace(/[\s\u3000]+/g, '');
  const casLike = /^[\d０-９\-‐‑‒–—―－]+$/.test(compact) && /[\d０-９]/.test(compact) && (/[^\d０-９]/.test(compact) || compact.length >= 5);
  if (!casLike) return { kind: 'keyword', keyword: trimmed };
  const parsed = parseCas(compact);
  return parsed.ok ? { kind: 'cas', cas: parsed.cas } : { kind: 'invalid', reason: parsed.reason };
}

export const money = (value: number) => `¥${value.toFixed(2)}`;
