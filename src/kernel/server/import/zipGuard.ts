/**
 * What an .xlsx (a zip) unpacks to, read from its central directory before anything inflates it: a 500 KB upload
 * can unpack to gigabytes (a zip bomb), and exceljs would try. Answers undefined when the bytes are no zip at all.
 */
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN_LENGTH = 22;
const ZIP64_MARK = 0xffffffff;

export interface ZipSummary {
  entries: number;
  /** The sum of the entries' uncompressed sizes as the directory states them; Infinity for zip64 entries. */
  uncompressedBytes: number;
}

export function summarizeZip(bytes: Uint8Array): ZipSummary | undefined {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < EOCD_MIN_LENGTH) return undefined;
  // The end record sits in the last 22 bytes plus a comment of at most 65,535 bytes.
  const lowest = Math.max(0, view.length - EOCD_MIN_LENGTH - 0xffff);
  let eocd = -1;
  for (let at = view.length - EOCD_MIN_LENGTH; at >= lowest; at -= 1) {
    if (view.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const entries = view.readUInt16LE(eocd + 10);
  const directorySize = view.readUInt32LE(eocd + 12);
  const directoryOffset = view.readUInt32LE(eocd + 16);
  if (directoryOffset + directorySize > eocd) return undefined;
  let at = directoryOffset;
  let uncompressedBytes = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > eocd || view.readUInt32LE(at) !== CENTRAL_SIGNATURE) return undefined;
    const size = view.readUInt32LE(at + 24);
    uncompressedBytes += size === ZIP64_MARK ? Infinity : size;
    at += 46 + view.readUInt16LE(at + 28) + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
  }
  return { entries, uncompressedBytes };
}
