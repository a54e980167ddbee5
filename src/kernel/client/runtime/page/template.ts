import type { ScreenCall } from './screen.js';

/**
 * Screens name their calls with templates: '/system/DictionaryData/{treeId}', query {keyword: '{search.keyword}'}.
 * Filling is plain substitution from a context object: no expressions, nothing evaluated.
 */
export type Context = Record<string, unknown>;

function lookup(context: Context, path: string): unknown {
  let value: unknown = context;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A string that is exactly one placeholder keeps the value's type; otherwise placeholders become text. */
export function fillValue(template: unknown, context: Context): unknown {
  if (typeof template !== 'string') return template;
  const whole = /^\{([\w.]+)\}$/.exec(template);
  if (whole) return lookup(context, whole[1]);
  return template.replace(/\{([\w.]+)\}/g, (_, path: string) => {
    const value = lookup(context, path);
    return value === undefined || value === null ? '' : encodeURIComponent(String(value));
  });
}

export interface FilledCall {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/**
 * A value with every string in it filled, through arrays and objects ({ids: ['{id}']}, {fromMallParamObj:
 * {itemId: '{id}'}}): a body may nest what the server expects.
 */
export function fillDeep(template: unknown, context: Context): unknown {
  if (Array.isArray(template)) return template.map((item) => fillDeep(item, context));
  if (template !== null && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillDeep(value, context)]));
  return fillValue(template, context);
}

/** Text for people (a summary, a label): placeholders become the values as they are, not encoded for an address. */
export function fillText(template: string, context: Context): string {
  return template.replace(/\{([\w.]+)\}/g, (_, path: string) => {
    const value = lookup(context, path);
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The call with its placeholders filled; query parameters left empty are dropped. */
export function fillCall(call: ScreenCall, context: Context): FilledCall {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(call.query ?? {})) {
    const filled = fillValue(value, context);
    if (filled !== undefined && filled !== null && filled !== '') query[key] = filled;
  }
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(call.body ?? {})) body[key] = fillDeep(value, context);
  return { url: String(fillValue(call.url, context)), method: call.method ?? 'GET', query, body };
}
