/**
 * What a file must start with to be taken under its extension: the content is checked against the name, so a
 * renamed executable is not stored as a .pdf. One table, so adding a kind is one line. Extensions not listed are
 * refused unless configured (FILE_EXTRA_EXTENSIONS), and those are taken unchecked.
 */

/** Bytes expected at an offset: a string is read as latin1, one character per byte. */
interface Part {
  at?: number;
  bytes: string | readonly number[];
}
/** Every part of one signature must match; a kind matches when any of its signatures does. */
type Signature = readonly Part[];

interface FileKind {
  contentType: string;
  /** 'text' means: no NUL byte and no known binary signature in the first bytes. */
  signatures: readonly Signature[] | 'text';
}

const png: Signature = [{ bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }];
const jpeg: Signature = [{ bytes: [0xff, 0xd8, 0xff] }];
const gif87: Signature = [{ bytes: 'GIF87a' }];
const gif89: Signature = [{ bytes: 'GIF89a' }];
const bmp: Signature = [{ bytes: 'BM' }];
const webp: Signature = [{ bytes: 'RIFF' }, { at: 8, bytes: 'WEBP' }];
const pdf: Signature = [{ bytes: '%PDF-' }];
/** docx, xlsx, pptx, epub and Apple's iWork files are zip archives; an empty archive starts with PK 05 06. */
const zip: readonly Signature[] = [[{ bytes: [0x50, 0x4b, 0x03, 0x04] }], [{ bytes: [0x50, 0x4b, 0x05, 0x06] }]];
/** The compound file of Office 97–2003 (doc, xls, ppt). */
const ole2: Signature = [{ bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }];
const isoMedia: Signature = [{ at: 4, bytes: 'ftyp' }];
const mp3: readonly Signature[] = [[{ bytes: 'ID3' }], ...[0xfb, 0xf3, 0xf2, 0xfa].map((second) => [{ bytes: [0xff, second] }])];
const aac: readonly Signature[] = [[{ bytes: [0xff, 0xf1] }], [{ bytes: [0xff, 0xf9] }], [{ bytes: 'ADIF' }]];

const image = (contentType: string, ...signatures: Signature[]): FileKind => ({ contentType, signatures });
const text = (contentType: string): FileKind => ({ contentType, signatures: 'text' });

export const FILE_KINDS: Readonly<Record<string, FileKind>> = {
  png: image('image/png', png),
  jpg: image('image/jpeg', jpeg),
  jpeg: image('image/jpeg', jpeg),
  gif: image('image/gif', gif87, gif89),
  bmp: image('image/bmp', bmp),
  webp: image('image/webp', webp),
  pdf: { contentType: 'application/pdf', signatures: [pdf] },
  doc: { contentType: 'application/msword', signatures: [ole2] },
  xls: { contentType: 'application/vnd.ms-excel', signatures: [ole2] },
  ppt: { contentType: 'application/vnd.ms-powerpoint', signatures: [ole2] },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', signatures: zip },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', signatures: zip },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', signatures: zip },
  pages: { contentType: 'application/zip', signatures: zip },
  numbers: { contentType: 'application/zip', signatures: zip },
  keynote: { contentType: 'application/zip', signatures: zip },
  epub: { contentType: 'application/epub+zip', signatures: zip },
  zip: { contentType: 'application/zip', signatures: zip },
  rar: { contentType: 'application/vnd.rar', signatures: [[{ bytes: 'Rar!\x1a\x07' }]] },
  '7z': { contentType: 'application/x-7z-compressed', signatures: [[{ bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] }]] },
  mp4: { contentType: 'video/mp4', signatures: [isoMedia] },
  '3gp': { contentType: 'video/3gpp', signatures: [isoMedia] },
  avi: { contentType: 'video/x-msvideo', signatures: [[{ bytes: 'RIFF' }, { at: 8, bytes: 'AVI ' }]] },
  mkv: { contentType: 'video/x-matroska', signatures: [[{ bytes: [0x1a, 0x45, 0xdf, 0xa3] }]] },
  flv: { contentType: 'video/x-flv', signatures: [[{ bytes: 'FLV' }]] },
  rmvb: { contentType: 'application/vnd.rn-realmedia-vbr', signatures: [[{ bytes: '.RMF' }]] },
  swf: { contentType: 'application/x-shockwave-flash', signatures: [[{ bytes: 'FWS' }], [{ bytes: 'CWS' }], [{ bytes: 'ZWS' }]] },
  mp3: { contentType: 'audio/mpeg', signatures: mp3 },
  wav: { contentType: 'audio/wav', signatures: [[{ bytes: 'RIFF' }, { at: 8, bytes: 'WAVE' }]] },
  ogg: { contentType: 'audio/ogg', signatures: [[{ bytes: 'OggS' }]] },
  flac: { contentType: 'audio/flac', signatures: [[{ bytes: 'fLaC' }]] },
  aac: { contentType: 'audio/aac', signatures: aac },
  wma: { contentType: 'audio/x-ms-wma', signatures: [[{ bytes: [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11] }]] },
  txt: text('text/plain; charset=utf-8'),
  csv: text('text/csv; charset=utf-8'),
  md: text('text/markdown; charset=utf-8'),
  json: text('application/json'),
  xml: text('application/xml'),
  log: text('text/plain; charset=utf-8'),
  m3u8: text('application/vnd.apple.mpegurl'),
};

/** The raster images an image upload takes and the image viewer shows. */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp']);

/** How many leading bytes the checks read (the text check looks this far for a NUL). */
export const SNIFF_BYTES = 8192;

function partMatches(head: Uint8Array, part: Part): boolean {
  const at = part.at ?? 0;
  const expected = typeof part.bytes === 'string' ? Array.from(part.bytes, (c) => c.charCodeAt(0)) : part.bytes;
  if (head.length < at + expected.length) return false;
  return expected.every((byte, i) => head[at + i] === byte);
}

function matchesAny(head: Uint8Array, signatures: readonly Signature[]): boolean {
  return signatures.some((signature) => signature.every((part) => partMatches(head, part)));
}

function looksBinary(head: Uint8Array): boolean {
  if (head.includes(0)) return true;
  return Object.values(FILE_KINDS).some((kind) => kind.signatures !== 'text' && matchesAny(head, kind.signatures));
}

/** Own keys only: an extension such as "constructor" must not find Object's prototype. */
function kindOf(extension: string): FileKind | undefined {
  return Object.hasOwn(FILE_KINDS, extension) ? FILE_KINDS[extension] : undefined;
}

export type ContentVerdict = 'matches' | 'mismatch' | 'refused';

/**
 * Whether the first bytes of a file fit its extension: 'refused' for an extension neither the table nor the
 * configuration knows, 'matches' for a configured extra one (not checked).
 */
export function checkContent(extension: string, head: Uint8Array, extraExtensions: ReadonlySet<string>): ContentVerdict {
  const kind = kindOf(extension);
  if (!kind) return extraExtensions.has(extension) ? 'matches' : 'refused';
  if (kind.signatures === 'text') return looksBinary(head) ? 'mismatch' : 'matches';
  return matchesAny(head, kind.signatures) ? 'matches' : 'mismatch';
}

export function isKnownExtension(extension: string, extraExtensions: ReadonlySet<string>): boolean {
  return kindOf(extension) !== undefined || extraExtensions.has(extension);
}

/** The Content-Type a file is served with; unchecked extensions are opaque bytes. */
export function contentTypeOf(extension: string): string {
  return kindOf(extension)?.contentType ?? 'application/octet-stream';
}
