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

/**
 * An address with query parameters added: empty ones are left out, an object or a list is written as JSON (a
 * parameter that carries a structure, as /fromMall?fromMallParamObj={"itemId":…} does). readQueryValue reads it back.
 */
export function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/**
 * A value from an address's query by path: 'prStr' is the parameter itself, 'fromMallParamObj.itemId' a field of a
 * parameter that holds JSON. A parameter that is not JSON has no fields.
 */
export function readQueryValue(query: URLSearchParams, path: string): unknown {
  const [name, ...fields] = path.split('.');
  const raw = query.get(name!);
  if (raw === null || fields.length === 0) return raw ?? undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  return lookup(value && typeof value === 'object' ? (value as Context) : {}, fields.join('.'));
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
