import type { FastifyRequest } from 'fastify';

/**
 * The fields of an upload call however the client encoded them: JNPF posts the merge as multipart or as a form,
 * simple-uploader sends a chunk's parameters as multipart fields and the test request's in the query. Fields in
 * the body win over the query.
 */
export interface MultipartRead {
  fields: Record<string, string>;
  file?: { content: Buffer; truncated: boolean; filename: string };
}

/** Reads every part: fields, and the first file up to `fileLimit` bytes (beyond it, truncated is set). */
export async function readMultipart(request: FastifyRequest, fileLimit: number): Promise<MultipartRead> {
  const read: MultipartRead = { fields: {} };
  // parts() honours throwFileSizeLimit as file() does; its type just leaves the option out.
  const options = { limits: { fileSize: fileLimit, files: 1 }, throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
  for await (const part of request.parts(options)) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      read.file ??= { content, truncated: part.file.truncated, filename: part.filename };
    } else {
      read.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return read;
}

export async function readFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (request.isMultipart()) return { ...query, ...(await readMultipart(request, 0)).fields };
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...query, ...(body as Record<string, unknown>) } : query;
}
