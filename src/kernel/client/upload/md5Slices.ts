import SparkMD5 from 'spark-md5';
import { HASH_SLICE_SIZE } from './uploadConstants.js';

/**
 * The file's MD5 as lowercase hex, read slice by slice (10,240,000 bytes, spec 001 §9) so memory stays flat for
 * any file size. The worker runs this; tests run it directly. `read` is how a slice becomes bytes (Blob's own
 * arrayBuffer by default), so tests can watch which ranges are read.
 */
export async function md5OfBlob(
  blob: Blob,
  options: { sliceSize?: number; onProgress?: (done: number, total: number) => void; read?: (slice: Blob) => Promise<ArrayBuffer> } = {},
): Promise<string> {
  const sliceSize = options.sliceSize ?? HASH_SLICE_SIZE;
  const read = options.read ?? ((slice: Blob) => slice.arrayBuffer());
  const spark = new SparkMD5.ArrayBuffer();
  for (let start = 0; start < blob.size; start += sliceSize) {
    const end = Math.min(blob.size, start + sliceSize);
    spark.append(await read(blob.slice(start, end)));
    options.onProgress?.(end, blob.size);
  }
  return spark.end();
}
