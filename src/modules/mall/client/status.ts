import { parseCas } from '../../../shared/casNumber.js';
import type { Language } from '../../../shared/language.js';
import { listOrderStatusKey, ORDER_STATUS, ORDER_STATUS_LABELS, orderStatusKey } from '../../../shared/orderStatus.js';

/**
 * Spec 001 §4 through src/shared/orderStatus.ts (the server's rows use the same): an order's status label, and the
 * list's order status — when approvalStatus is -1 failed if secondStatus is 0, success if the two match, partly
 * failed otherwise; for any other approval status a dash.
 */
export type ListOrderStatus = 'failed' | 'success' | 'partlyFailed';

export function listOrderStatus(approvalStatus: number | null | undefined, secondStatus: number | null | undefined): ListOrderStatus | null {
  const key = listOrderStatusKey(approvalStatus, secondStatus);
  return key === 'listOrder.none' ? null : (key.slice('listOrder.'.length) as ListOrderStatus);
}

const languageOf = (language: string): Language => (language === 'zhtw' || language === 'en' ? language : 'zh');

export const orderStatusLabel = (status: number | null | undefined, language: string) => ORDER_STATUS_LABELS[orderStatusKey(status)][languageOf(language)];
export const listOrderStatusLabel = (status: ListOrderStatus, language: string) => ORDER_STATUS_LABELS[`listOrder.${status}`][languageOf(language)];

export function orderStatusColor(status: number): string {
  if (status === ORDER_STATUS.completed) return 'success';
  if (status === ORDER_STATUS.delivering || status === ORDER_STATUS.partlyReceived) return 'processing';
  if (status === ORDER_STATUS.failed || status === ORDER_STATUS.voided) return 'error';
  if (status === ORDER_STATUS.cancelled) return 'default';
  if (status === ORDER_STATUS.changeRequested) return 'warning';
  return 'blue';
}

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

/** Yuan with two decimals and thousands separators (¥12,345.60), the same in every language of the app. */
const YUAN = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const money = (value: number) => `¥${YUAN.format(value)}`;
