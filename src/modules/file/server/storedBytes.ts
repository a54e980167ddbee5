import type { Readable } from 'node:stream';

/**
 * A stored object's bytes (or the range its stream was opened on) in memory, at most `max` of them: an object
 * larger than its record or row says is not read on, and `tooLarge` makes the error the caller answers with.
 */
export async function storedBytes(stream: Readable, max: number, tooLarge: () => Error): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += part.length;
    if (size > max) {
      stream.destroy();
      throw tooLarge();
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}
