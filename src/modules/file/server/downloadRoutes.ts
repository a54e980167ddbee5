import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { contentDisposition, fileIdOf, folderType, recordIdOf } from './fileNames.js';
import { readFile as readExport } from './fileBlobs.js';
import type { FileDeps } from './fileDeps.js';
import { findFile } from './fileRecords.js';
import { openPackZip, createPack } from './packDownload.js';
import { DOWNLOAD_PATH } from './downloadSigning.js';
import { storedBytes } from './storedBytes.js';
import { sendStored } from './storedFileReply.js';
import { OFFICE_EXTENSIONS, OFFICE_PREVIEW_MAX_BYTES, officeDocument, UnreadableDocument } from './officePreview.js';
import { rateLimited } from '../../../kernel/server/plugins/rateLimit.js';

/**
 * Conversions hold the process's CPU and memory while they run: at most two at once in a process, the others wait
 * their turn; and a user may ask for one every few seconds (a burst of six).
 */
const OFFICE_PREVIEW_RATE = { name: 'officePreview', burst: 6, perSecond: 0.2 };
let converting = 0;
const waiting: (() => void)[] = [];
async function oneOfTwo<T>(work: () => Promise<T>): Promise<T> {
  if (converting >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  converting += 1;
  try {
    return await work();
  } finally {
    converting -= 1;
    waiting.shift()?.();
  }
}

/**
 * Downloads as JNPF's clients make them: ask for an address (GET /api/file/Download/{type}/{fileId}, with the
 * session), then open it (GET /api/file/Download?encryption=…&name=…, signed, no session). Exports keep their
 * direct download at /api/file/Download/export/{id}.
 */
export async function downloadRoutes(app: FastifyInstance, deps: FileDeps): Promise<void> {
  const { db, storage, settings, signer } = deps;

  app.get<{ Params: { type: string; id: string } }>('/api/file/Download/:type/:id', async (request, reply) => {
    const { type, id } = request.params;
    if (type === 'export') {
      if (!/^[0-9a-f]{32}$/.test(id)) throw new AppError(ResultCode.notFound, 'upload.notFound');
      const file = await readExport(db, id, request.session!.userId);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition(file.file_name))
        .header('x-content-type-options', 'nosniff')
        .type(file.content_type)
        .send(Buffer.from(file.content));
    }
    folderType(type, 'annex');
    const record = await findFile(db, id);
    if (!record) throw new AppError(ResultCode.notFound, 'file.missing');
    const url = await signer.sign({ kind: 'f', id: record.id, name: record.file_name }, settings.downloadUrlMs);
    return ok({ name: record.file_name, url });
  });

  /** The signed address itself: whoever holds it may download until it expires. */
  app.get<{ Querystring: { encryption?: string; name?: string } }>(DOWNLOAD_PATH, { config: { public: true } }, async (request, reply) => {
    const target = await signer.verify(request.query.encryption, request.query.name);
    if (typeof target === 'string') throw AppError.badRequest('file.linkExpired');
    if (target.kind === 'p') {
      const zip = await openPackZip(db, storage, target.id);
      if (!zip) throw new AppError(ResultCode.notFound, 'file.missing');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(target.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(zip);
    }
    const record = await findFile(db, target.id);
    const stored = record ? await storage.get(record.storage_key) : undefined;
    if (!record || !stored) throw new AppError(ResultCode.notFound, 'file.missing');
    // A preview address shows pdfs and images in the page (their type checked at upload, nosniff); text, which
    // could be XHTML dressed as .xml, always downloads: the preview reads it as text and shows it in a <pre>.
    const inline = target.kind === 'v' && INLINE_PREVIEW.has(previewTypeOf(record.extension));
    return sendStored(reply, stored, { name: target.name, contentType: record.content_type, disposition: inline ? 'inline' : 'attachment' });
  });

  app.post<{ Params: { type: string } }>('/api/file/PackDownload/:type', async (request) => {
    folderType(request.params.type, 'annex');
    const pack = await createPack(db, request.session!.userId, request.body, settings.downloadUrlMs);
    const zipName = `${pack.id}.zip`;
    const downloadName = `文件${zipName}`;
    const url = await signer.sign({ kind: 'p', id: pack.id, name: downloadName }, settings.downloadUrlMs);
    return ok({ downloadVo: { name: zipName, url }, downloadName });
  });

  /**
   * A Word, Excel or PowerPoint file as the preview draws it (officePreview.ts): the same lookup as Preview, then
   * the file converted here. A file that is not what its name says answers 400 (无法预览该文件，请下载后查看).
   */
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/file/Uploader/PreviewDocument', rateLimited(OFFICE_PREVIEW_RATE, {}), async (request) => {
    const { fileVersionId, fileId, fileDownloadUrl } = request.query;
    const fromUrl = typeof fileDownloadUrl === 'string' ? fileDownloadUrl.split('?')[0].split('/').pop() : undefined;
    const id = [fileVersionId, fileId, fromUrl].find((candidate) => recordIdOf(candidate));
    const record = id ? await findFile(db, id) : undefined;
    const stored = record ? await storage.get(record.storage_key) : undefined;
    if (!record || !stored) throw new AppError(ResultCode.notFound, 'file.missing');
    if (previewTypeOf(record.extension, Number(record.size)) !== 'office') throw AppError.badRequest('file.noPreview');
    try {
      return ok({ name: record.file_name, ...(await oneOfTwo(async () => officeDocument(record.extension, await storedBytes(stored.stream(), OFFICE_PREVIEW_MAX_BYTES, () => new UnreadableDocument('larger than its record'))))) });
    } catch (error) {
      if (error instanceof UnreadableDocument) throw AppError.badRequest('file.noPreview');
      throw error;
    }
  });

  /**
   * What the document preview needs to choose its viewer (spec 001 §2): images (png, jpg, jpeg, bmp, gif) open in
   * the image viewer, pdf and text in the preview dialog with a download button, Word, Excel and PowerPoint
   * (docx, xlsx, pptx up to 20 MB) there too through PreviewDocument, anything else downloads.
   */
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/file/Uploader/Preview', async (request) => {
    const { fileVersionId, fileId, fileDownloadUrl } = request.query;
    const fromUrl = typeof fileDownloadUrl === 'string' ? fileDownloadUrl.split('?')[0].split('/').pop() : undefined;
    const id = [fileVersionId, fileId, fromUrl].find((candidate) => recordIdOf(candidate));
    const record = id ? await findFile(db, id) : undefined;
    if (!record || !(await storage.exists(record.storage_key))) throw new AppError(ResultCode.notFound, 'file.missing');
    const previewType = previewTypeOf(record.extension, Number(record.size));
    // Office files are read through PreviewDocument; their address is the download's.
    const url = await signer.sign({ kind: previewType === 'download' || previewType === 'office' ? 'f' : 'v', id: record.id, name: record.file_name }, settings.downloadUrlMs);
    return ok({
      previewType,
      url,
      name: record.file_name,
      fileId: fileIdOf(record.id, record.extension),
      fileExtension: record.extension,
      fileSize: Number(record.size),
    });
  });
}

const VIEWER_IMAGES = new Set(['png', 'jpg', 'jpeg', 'bmp', 'gif']);
const INLINE_PREVIEW = new Set<string>(['pdf', 'image']);
const TEXT = new Set(['txt', 'csv', 'md', 'json', 'xml', 'log']);

export function previewTypeOf(extension: string, size = 0): 'image' | 'pdf' | 'text' | 'office' | 'download' {
  if (VIEWER_IMAGES.has(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (OFFICE_EXTENSIONS.has(extension)) return size <= OFFICE_PREVIEW_MAX_BYTES ? 'office' : 'download';
  return TEXT.has(extension) ? 'text' : 'download';
}
