import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AppError } from '../../../kernel/server/appError.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { MAX_CHUNK_BYTES } from '../../../kernel/server/uploadLimits.js';
import { assertExtensionTaken, assertFileSize, readChunkParams, readCount, readIdentifier } from './chunkParams.js';
import type { FileDeps } from './fileDeps.js';
import { displayName, extensionOf, folderType } from './fileNames.js';
import { assertQuota, findOwnContent, uploadAnswer } from './fileRecords.js';
import { checkContent, SNIFF_BYTES } from './fileSignatures.js';
import { mergeUpload } from './mergeUpload.js';
import { readFields, readMultipart } from './requestFields.js';
import { receiveChunk } from './chunkReceipt.js';
import { listedChunks, openUpload, receivedChunks } from './uploadSessions.js';

const allChunks = (total: number) => Array.from({ length: total }, (_, i) => i + 1);

/** simple-uploader's protocol as JNPF's clients speak it (spec 001 §7; docs/api.md "Files"). */
export async function chunkRoutes(app: FastifyInstance, deps: FileDeps): Promise<void> {
  const { db, storage, settings } = deps;

  /** The test request: which chunks of this file the server already has. */
  app.get('/api/file/chunk', async (request) => {
    const userId = request.session!.userId;
    const params = readChunkParams(request.query as Record<string, unknown>, settings);
    // This user stored these bytes before: every chunk is "there", and the merge makes a record at once.
    if (await findOwnContent(db, storage, userId, params.identifier, params.totalSize)) {
      return ok({ uploaded: false, chunkNumbers: allChunks(params.totalChunks), merge: true });
    }
    // Once per file, on its first chunk's test: each chunk sent is checked again (below).
    if (params.chunkNumber === 1) await assertQuota(db, userId, settings.quotaBytes, params.totalSize, params.identifier);
    const chunkNumbers = await listedChunks(db, userId, params);
    return ok({ uploaded: false, chunkNumbers, merge: chunkNumbers.length === params.totalChunks });
  });

  app.post('/api/file/chunk', async (request) => {
    if (!request.isMultipart()) throw AppError.badRequest('upload.required');
    const userId = request.session!.userId;
    const { fields, file } = await readMultipart(request, MAX_CHUNK_BYTES);
    if (!file) throw AppError.badRequest('upload.required');
    if (file.truncated) throw new AppError(ResultCode.payloadTooLarge, 'file.chunkTooLarge', { size: fileSize(MAX_CHUNK_BYTES) });
    const params = readChunkParams({ ...(request.query as Record<string, unknown>), ...fields }, settings);
    if (file.content.length !== params.currentChunkSize) throw AppError.badRequest('file.chunkSizeMismatch', { number: params.chunkNumber });
    // The first chunk holds the signature: a file that is not what its name says is refused before it is stored.
    if (params.chunkNumber === 1 && checkContent(params.extension, file.content.subarray(0, SNIFF_BYTES), settings.extraExtensions) === 'mismatch') {
      throw AppError.badRequest('file.contentMismatch', { extension: params.extension });
    }
    await assertQuota(db, userId, settings.quotaBytes, params.totalSize, params.identifier);
    const upload = await openUpload(db, storage, userId, params);
    await receiveChunk(db, storage, upload, params.chunkNumber, file.content);
    const chunkNumbers = (await receivedChunks(db, upload)).map((chunk) => chunk.chunk_number);
    return ok({ uploaded: false, chunkNumbers, merge: chunkNumbers.length === params.totalChunks });
  });

  /** The completion call with spec 001 §3's payload; pathType, isAccount and folder are not used. */
  app.post('/api/file/merge', async (request) => {
    const fields = await readFields(request);
    const identifier = readIdentifier(fields.identifier);
    const fileName = displayName(fields.fileName ?? fields.filename);
    assertExtensionTaken(extensionOf(fileName), settings);
    // JNPF's Java form object calls it filesize; the spec and its web clients, fileSize.
    const sizeField = fields.fileSize === undefined && fields.filesize !== undefined ? 'filesize' : 'fileSize';
    const declaredSize = readCount(fields, sizeField, 0);
    assertFileSize(declaredSize, settings);
    const type = folderType(fields.type, 'annex');
    const record = await mergeUpload(deps, { userId: request.session!.userId, identifier, fileName, fileSize: declaredSize, type });
    return ok(uploadAnswer(record), request.t('common.uploaded'));
  });
}
