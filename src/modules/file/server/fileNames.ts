import { AppError } from '../../../kernel/server/appError.js';

/**
 * Names of uploaded files. A name a client sends is only ever shown (in a download's Content-Disposition or a zip
 * entry); where a file lies is chosen by the server, so a name with a path in it is refused rather than cleaned.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_NAME = 200;

/** The original name of an upload, checked: no path, no control character, not empty, at most 200 characters. */
export function displayName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name || name.length > MAX_NAME || name === '.' || name === '..' || /[/\\]/.test(name) || CONTROL.test(name)) {
    throw AppError.badRequest('file.badName');
  }
  return name;
}

/** The same rule for names that are only labels (an image's name, a zip entry): what breaks it is replaced. */
export function safeLabel(raw: unknown, fallback: string): string {
  const name = (typeof raw === 'string' ? raw : '').replace(/[/\\]|[\u0000-\u001f\u007f-\u009f]/g, '_').trim().slice(0, MAX_NAME);
  return !name || /^\.+$/.test(name) ? fallback : name;
}

/** The lowercase extension of a name ('' when it has none the server could use). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  const extension = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : '';
}

/** A file's id as clients hold it: 32 hex digits, then the extension (JNPF's ids carry theirs too). */
export function fileIdOf(id: string, extension: string): string {
  return extension ? `${id}.${extension}` : id;
}

const FILE_ID = /^([0-9a-f]{32})(?:\.[a-z0-9]{1,10})?$/;

/** The record id inside a client's file id, or undefined when it is not one of ours. */
export function recordIdOf(fileId: unknown): string | undefined {
  return typeof fileId === 'string' ? FILE_ID.exec(fileId)?.[1] : undefined;
}

/** RFC 5987 value: percent-encoded UTF-8, where even the characters encodeURIComponent leaves are not attr-chars. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment` with an ASCII fallback name for old clients and the exact name in filename*. */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** JNPF's folder name (annex, annexpic, IM …), recorded with the file; it never becomes part of a path. */
export function folderType(raw: unknown, fallback: string): string {
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(raw)) throw AppError.validation('type', 'validation.pattern');
  return raw;
}
