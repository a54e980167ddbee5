/**
 * How text from a design enters generated code. A design is written by a person in a browser: its field keys,
 * table names and labels may hold quotes, backticks, `*\/`, newlines or words of any script. Nothing from a design
 * is ever pasted into code as it is: names become identifiers of [A-Za-z0-9_] (a prefix when one would start with
 * a digit or be empty), texts become string literals through JSON.stringify (no template literals anywhere), and
 * comments carry no design text at all except through commentText.
 */

const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false',
  'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try',
  'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public',
  'await', 'async', 'of', 'any', 'type', 'constructor', 'prototype',
]);

/** The words of a name: runs of ASCII letters and digits, split at case changes (fooBar, f_foo_bar, Foo-Bar). */
function wordsOf(raw: string): string[] {
  return raw
    .normalize('NFKC')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** snake_case for SQL names: lower case, at most 63 bytes (PostgreSQL's limit), never starting with a digit. */
export function snakeName(raw: unknown, fallback: string): string {
  const words = wordsOf(typeof raw === 'string' ? raw : '');
  let name = words.join('_');
  if (!name) name = fallback;
  if (/^[0-9]/.test(name)) name = `${fallback}_${name}`;
  return name.slice(0, 63).replace(/_+$/, '') || fallback;
}

/** camelCase for TypeScript names, never a reserved word. */
export function camelName(raw: unknown, fallback: string): string {
  const words = wordsOf(typeof raw === 'string' ? raw : '');
  let name = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
  if (!name) name = fallback;
  if (/^[0-9]/.test(name)) name = `${fallback}${name[0].toUpperCase()}${name.slice(1)}`;
  name = name.slice(0, 60);
  return RESERVED.has(name) ? `${name}Field` : name;
}

/** PascalCase for type and class names. */
export function pascalName(raw: unknown, fallback: string): string {
  const camel = camelName(raw, fallback);
  const pascal = camel[0].toUpperCase() + camel.slice(1);
  return RESERVED.has(pascal.toLowerCase()) ? `${pascal}Record` : pascal;
}

/** Makes names unique within one scope: a repeated one gets _2, _3 (or 2, 3 for camel names). */
export class NameScope {
  private readonly taken = new Set<string>();
  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }
  claim(name: string, separator = '_'): string {
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1) candidate = `${name.slice(0, 58)}${separator}${n}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/**
 * A string literal in generated TypeScript: JSON's quoting is a subset of JavaScript's, and the line and
 * paragraph separators are escaped too so no editor or older parser reads them as line ends.
 */
export function literal(value: string): string {
  return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Any JSON value as a TypeScript expression (an embedded definition), indented to sit at `indent`. */
export function jsonLiteral(value: unknown, indent = ''): string {
  return (JSON.stringify(value ?? null, null, 2) ?? 'null')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .split('\n')
    .join(`\n${indent}`);
}

/** A property key in generated TypeScript: bare when it is a plain identifier, quoted otherwise. */
export function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : literal(key);
}

/** Design text inside a /* comment *\/ or a // comment: one line, no comment terminator, bounded. */
export function commentText(raw: unknown): string {
  return String(raw ?? '')
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\*\//g, '* /')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .slice(0, 120)
    .trim();
}

/** A quoted SQL identifier; the names we quote are already sanitised, quoting is belt and braces. */
export function sqlIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** An SQL string literal (comments on tables and columns). */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''").replace(/[\u0000]/g, '')}'`;
}
