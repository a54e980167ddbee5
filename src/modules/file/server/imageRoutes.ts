import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AppError } from '../../../kernel/server/appError.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { CHAT_IMAGE_LIMIT_BYTES, IMAGE_UPLOAD_LIMIT_BYTES } from '../../../kernel/server/uploadLimits.js';
import type { FileDeps } from './fileDeps.js';
import { folderType, safeLabel } from './fileNames.js';
import { assertQuota, blobKey, createFileRecord, findFile, uploadAnswer } from './fileRecords.js';
import { checkContent, IMAGE_EXTENSIONS, SNIFF_BYTES } from './fileSignatures.js';
import { readMultipart } from './requestFields.js';
import { sendStored } from './storedFileReply.js';

/** Chat images go to the common upload endpoint with the suffix /IM (spec 001 §7) and have their own limit. */
const CHAT_TYPE = 'IM';
const NONE: ReadonlySet<string> = new Set();

/** The image kind the bytes are, whatever the name says; undefined when they are no image we take. */
function imageExtensionOf(content: Buffer): string | undefined {
  const head = content.subarray(0, SNIFF_BYTES);
  return [...IMAGE_EXTENSIONS].find((extension) => checkContent(extension, head, NONE) === 'matches');
}

/**
 * The image widget's and the chat's upload (POST /api/file/Uploader/{type}), and the images' own address. The
 * avatar upload (/Uploader/userAvatar) is the users module's; its static path wins over {type}.
 */
export async function imageRoutes(app: FastifyInstance, deps: FileDeps): Promise<void> {
  const { db, storage, settings } = deps;

  app.post<{ Params: { type: string } }>('/api/file/Uploader/:type', async (request) => {
    const type = folderType(request.params.type, 'annexpic');
    const limit = type === CHAT_TYPE ? CHAT_IMAGE_LIMIT_BYTES : IMAGE_UPLOAD_LIMIT_BYTES;
    if (!request.isMultipart()) throw AppError.badRequest('upload.required');
    const { file } = await readMultipart(request, limit);
    if (!file) throw AppError.badRequest('upload.required');
    if (file.truncated) {
      throw type === CHAT_TYPE
        ? new AppError(ResultCode.payloadTooLarge, 'file.chatImageTooLarge')
        : new AppError(ResultCode.payloadTooLarge, 'file.imageTooLarge', { size: fileSize(limit) });
    }
    const extension = imageExtensionOf(file.content);
    if (!extension) throw AppError.badRequest('file.notAnImage');
    const userId = request.session!.userId;
    await assertQuota(db, userId, settings.quotaBytes, file.content.length);
    const md5 = createHash('md5').update(file.content).digest('hex');
    const key = blobKey(md5, file.content.length);
    if (!(await storage.exists(key))) await storage.put(key, file.content);
    const record = await createFileRecord(db, {
      userId,
      type,
      fileName: safeLabel(file.filename, `image.${extension}`),
      extension,
      size: file.content.length,
      md5,
      storageKey: key,
    });
    return ok(uploadAnswer(record), request.t('common.uploaded'));
  });

  /**
   * Public, as avatars are (decision 35): an <img> sends no Authorization header, and the 128-bit random id is
   * what keeps an image private. Only records whose bytes were checked to be an image are served here.
   */
  app.get<{ Params: { type: string; name: string } }>('/api/file/Image/:type/:name', { config: { public: true } }, async (request, reply) => {
    const record = await findFile(db, request.params.name);
    const stored = record && IMAGE_EXTENSIONS.has(record.extension) ? await storage.get(record.storage_key) : undefined;
    if (!record || !stored) throw new AppError(ResultCode.notFound, 'file.missing');
    return sendStored(reply, stored, { name: record.file_name, contentType: record.content_type, disposition: 'inline', cacheControl: 'private, max-age=86400' });
  });
}
