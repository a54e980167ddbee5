import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AppError } from '../../../kernel/server/appError.js';
import { MAX_CHUNK_BYTES, MAX_CHUNKS, UPLOAD_CHUNK_BYTES } from '../../../kernel/server/uploadLimits.js';
import { displayName, extensionOf } from './fileNames.js';
import { isKnownExtension } from './fileSignatures.js';
import type { FileSettings } from './fileSettings.js';

/**
 * The parameters simple-uploader sends with every chunk and test request (and JNPF's fileType and extension),
 * checked against each other: the chunk layout follows from totalSize and chunkSize, so a client cannot claim a
 * chunk outside the file or larger than the layout allows.
 */
export interface ChunkParams {
  /** The MD5 of the whole file, lowercase hex. */
  identifier: string;
  chunkNumber: number;
  totalChunks: number;
  chunkSize: number;
  currentChunkSize: number;
  totalSize: number;
  fileName: string;
  extension: string;
}

export const IDENTIFIER = /^[0-9a-fA-F]{32}$/;

export function readIdentifier(value: unknown): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) throw AppError.validation('identifier', 'validation.pattern');
  return value.toLowerCase();
}

/** A whole number given as a string (query and form fields) or a number (JSON). */
export function readCount(source: Record<string, unknown>, field: string, minimum: number): number {
  const raw = source[field];
  if (raw === undefined || raw === null || raw === '') throw AppError.validation(field, 'validation.required');
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < minimum) throw AppError.validation(field, 'validation.range');
  return n;
}

/** The size chunk `number` must have: all are chunkSize but the last, which holds the rest. */
export function expectedChunkSize(params: Pick<ChunkParams, 'totalChunks' | 'chunkSize' | 'totalSize'>, number: number): number {
  return number < params.totalChunks ? params.chunkSize : params.totalSize - (params.totalChunks - 1) * params.chunkSize;
}

export function assertFileSize(totalSize: number, settings: FileSettings): void {
  if (settings.maxFileBytes > 0 && totalSize > settings.maxFileBytes) {
    throw new AppError(ResultCode.payloadTooLarge, 'file.sizeExceeded', { size: fileSize(settings.maxFileBytes) });
  }
}

export function assertExtensionTaken(extension: string, settings: FileSettings): void {
  if (!isKnownExtension(extension, settings.extraExtensions)) throw AppError.badRequest('file.typeRefused', { extension: extension || '?' });
}

export function readChunkParams(source: Record<string, unknown>, settings: FileSettings): ChunkParams {
  const identifier = readIdentifier(source.identifier);
  const fileName = displayName(source.filename ?? source.fileName);
  const extension = extensionOf(fileName);
  assertExtensionTaken(extension, settings);
  const chunkSize = readCount(source, 'chunkSize', 1);
  if (chunkSize > UPLOAD_CHUNK_BYTES) throw new AppError(ResultCode.payloadTooLarge, 'file.chunkTooLarge', { size: fileSize(UPLOAD_CHUNK_BYTES) });
  const totalSize = readCount(source, 'totalSize', 0);
  assertFileSize(totalSize, settings);
  const totalChunks = readCount(source, 'totalChunks', 1);
  if (totalChunks > MAX_CHUNKS) throw AppError.validation('totalChunks', 'validation.range');
  const chunkNumber = readCount(source, 'chunkNumber', 1);
  const currentChunkSize = readCount(source, 'currentChunkSize', 0);
  const params = { identifier, chunkNumber, totalChunks, chunkSize, currentChunkSize, totalSize, fileName, extension };
  // simple-uploader makes floor(total / chunkSize) chunks (at least one), the last taking the rest; with
  // forceChunkSize it makes ceil(…). Either way the last chunk is more than nothing and less than two chunks.
  const last = expectedChunkSize(params, totalChunks);
  const layoutFits = totalChunks === 1 ? totalSize < 2 * chunkSize : last > 0 && last < 2 * chunkSize;
  if (!layoutFits) throw AppError.validation('totalChunks', 'validation.invalid');
  if (chunkNumber > totalChunks) throw AppError.validation('chunkNumber', 'validation.range');
  if (currentChunkSize > MAX_CHUNK_BYTES) throw new AppError(ResultCode.payloadTooLarge, 'file.chunkTooLarge', { size: fileSize(MAX_CHUNK_BYTES) });
  if (currentChunkSize !== expectedChunkSize(params, chunkNumber)) throw AppError.badRequest('file.chunkSizeMismatch', { number: chunkNumber });
  return params;
}
