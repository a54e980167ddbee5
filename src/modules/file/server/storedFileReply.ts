import type { FastifyReply } from 'fastify';
import type { StoredObject } from '../../../kernel/server/infra/infrastructure.js';
import { contentDisposition } from './fileNames.js';

/**
 * Sends stored bytes as a download: always with a name in Content-Disposition (RFC 5987) and nosniff, so a
 * browser never runs what someone uploaded as a page of this site.
 */
export function sendStored(
  reply: FastifyReply,
  stored: StoredObject,
  file: { name: string; contentType: string; disposition?: 'attachment' | 'inline'; cacheControl?: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(stored.size))
    .header('content-disposition', contentDisposition(file.name, file.disposition ?? 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.cacheControl ?? 'no-store')
    .send(stored.stream());
}
