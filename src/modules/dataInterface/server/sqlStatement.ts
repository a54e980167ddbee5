import { AppError } from '../../../kernel/server/appError.js';

/**
 * What an administrator's SQL may be: one SELECT or WITH statement, with JNPF's named parameters `{name}` turned
 * into bound values ($1, $2...) — never spliced into the text. The scanner walks the text once and skips string
 * literals, quoted identifiers, dollar-quoted bodies and comments, so a `;` or a `{x}` inside them means nothing.
 *
 * The read-only transaction and the reader role are what hold; the checks here refuse early, with a message, what
 * those would refuse anyway, and the few functions that could leave the reader role or run other SQL at run time.
 */
export interface BoundStatement {
  text: string;
  values: unknown[];
}

/**
 * Functions a SELECT could use to step out of the reader role (set_config('role', ...) is checked against the
 * session user, not the reader), run further SQL whose permissions are checked later (query_to_xml and kin),
 * reach files or other servers, or hold the single embedded connection (pg_sleep, advisory locks).
 */
const REFUSED_WORDS = [
  'set_config',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'query_to_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xml_and_xmlschema',
  'dblink',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'pg_advisory_lock',
  'pg_advisory_xact_lock',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'current_setting',
];

export function bindStatement(source: string, params: Record<string, unknown>): BoundStatement {
  const text = source.trim();
  if (!text) throw AppError.badRequest('dataInterface.sqlRequired');
  let out = '';
  const values: unknown[] = [];
  const slots = new Map<string, number>();
  let code = '';
  let i = 0;
  const n = text.length;
  let ended = false;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (ended && !/\s/.test(c)) throw AppError.badRequest('dataInterface.sqlOneStatement');
    if (c === "'" || c === '"') {
      // A quoted literal or identifier: '' or "" inside is the quote itself.
      let j = i + 1;
      while (j < n) {
        if (text[j] === c) {
          if (text[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      if (j >= n) throw AppError.badRequest('dataInterface.sqlUnclosed');
      out += text.slice(i, j + 1);
      code += ' ';
      i = j + 1;
      continue;
    }
    if (c === '-' && next === '-') {
      const j = text.indexOf('\n', i);
      i = j < 0 ? n : j;
      out += ' ';
      continue;
    }
    if (c === '/' && next === '*') {
      const j = text.indexOf('*/', i + 2);
      if (j < 0) throw AppError.badRequest('dataInterface.sqlUnclosed');
      out += ' ';
      i = j + 2;
      continue;
    }
    if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag) {
        const j = text.indexOf(tag[0], i + tag[0].length);
        if (j < 0) throw AppError.badRequest('dataInterface.sqlUnclosed');
        out += text.slice(i, j + tag[0].length);
        code += ' ';
        i = j + tag[0].length;
        continue;
      }
      // $1 written by hand would take a slot the binder does not fill.
      if (/[0-9]/.test(next ?? '')) throw AppError.badRequest('dataInterface.sqlPositional');
    }
    if (c === '{') {
      const param = /^\{\s*([A-Za-z_@][A-Za-z0-9_.]*)\s*\}/.exec(text.slice(i));
      if (param) {
        const name = param[1];
        if (!(name in params)) throw AppError.badRequest('dataInterface.paramUnknown', { name });
        let slot = slots.get(name);
        if (slot === undefined) {
          values.push(params[name]);
          slot = values.length;
          slots.set(name, slot);
        }
        out += `$${slot}`;
        code += ' ';
        i += param[0].length;
        continue;
      }
    }
    if (c === ';') {
      ended = true;
      i++;
      continue;
    }
    out += c;
    code += c;
    i++;
  }
  const words = code.toLowerCase();
  if (!/^\s*\(?\s*(select|with)\b/.test(words)) throw AppError.badRequest('dataInterface.sqlSelectOnly');
  // The whole text, quoted parts included: "set_config"(...) is a call too. U&"..." could spell any name.
  const whole = text.toLowerCase();
  if (/u&["']/.test(whole)) throw AppError.badRequest('dataInterface.sqlFunctionRefused', { name: 'U&' });
  // Large objects: PostgreSQL 15 lets lo_create and kin write inside a READ ONLY transaction.
  const largeObject = /\b(lo_\w+|loread|lowrite)\b/.exec(whole);
  if (largeObject) throw AppError.badRequest('dataInterface.sqlFunctionRefused', { name: largeObject[1] });
  for (const word of REFUSED_WORDS) {
    if (new RegExp(`\\b${word}\\b`).test(whole)) throw AppError.badRequest('dataInterface.sqlFunctionRefused', { name: word });
  }
  return { text: out.trim(), values };
}
