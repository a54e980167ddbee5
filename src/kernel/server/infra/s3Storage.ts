import { PassThrough, Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import type { Assembly, FileStorage, StoredObject } from './infrastructure.js';
import { assertStorageKey } from './localDiskStorage.js';

/**
 * File contents in an S3-compatible object store (AWS S3, MinIO, Ceph …), for servers behind a load balancer
 * that share no disk. Chosen by S3_BUCKET (README lists the variables); keys are the same server-made keys as
 * on the local disk, under an optional prefix.
 */
export interface S3Settings {
  bucket: string;
  /** Unset means AWS itself; MinIO and the like need their address. */
  endpoint?: string;
  region: string;
  /** Unset means the SDK's own credential chain (instance roles, AWS_* variables, profiles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Most non-AWS stores want bucket/key paths rather than bucket.host names. */
  forcePathStyle: boolean;
  /** Keys go under this prefix, so one bucket can hold several installations. */
  prefix: string;
}

export function s3SettingsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix) assertStorageKey(prefix);
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: ['1', 'true'].includes((env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase()),
    prefix: prefix ? `${prefix}/` : '',
  };
}

/**
 * The AWS SDK, loaded when an S3 store is opened: it took 110 ms of every server start, and a server on the local
 * disk (the default) never uses it.
 */
type Sdk = typeof S3 & { Upload: typeof Upload };
let sdk: Promise<Sdk> | undefined;
const loadSdk = () =>
  (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([client, storage]) => ({ ...client, Upload: storage.Upload })));

/** Parts of a streamed upload; S3 wants at least 5 MiB for every part but the last. */
const PART_BYTES = 8 * 1024 * 1024;
/** S3's limits on a multipart upload's parts. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3.S3Client;

  /** A store on these settings, with the SDK loaded. */
  static async open(settings: S3Settings): Promise<S3Storage> {
    return new S3Storage(settings, await loadSdk());
  }

  private constructor(
    private readonly settings: S3Settings,
    private readonly sdk: Sdk,
  ) {
    this.client = new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      // The SDK's default CRC checksums (streamed as trailers) are AWS's own; many S3-compatible stores reject
      // the signatures they change. Checksums only where an operation requires them work everywhere.
      ...(settings.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    });
  }

  async put(key: string, content: Buffer | Readable): Promise<void> {
    const Key = this.keyOf(key);
    // An object appears whole when its upload completes, as the local disk's rename makes it.
    if (Buffer.isBuffer(content)) {
      await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key, Body: content, ContentLength: content.length }));
      return;
    }
    await new this.sdk.Upload({ client: this.client, params: { Bucket: this.settings.bucket, Key, Body: content }, partSize: PART_BYTES, queueSize: 2 }).done();
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const Key = this.keyOf(key);
    const size = await this.sizeOf(Key);
    if (size === undefined) return undefined;
    const { client, sdk } = this;
    const Bucket = this.settings.bucket;
    return {
      size,
      stream(range) {
        if (range && (!Number.isInteger(range.start) || !Number.isInteger(range.end) || range.start < 0 || range.end < range.start || range.end >= size)) {
          throw new RangeError(`range ${range.start}-${range.end} outside 0-${size - 1}`);
        }
        // The interface hands back a stream at once; the request starts now and its body flows into it.
        const output = new PassThrough();
        client.send(new sdk.GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined })).then(
          (object) => {
            const body = object.Body as Readable | undefined;
            if (!body) return output.destroy(new Error(`object ${Key} has no body`));
            body.on('error', (error) => output.destroy(error));
            body.pipe(output);
          },
          (error: unknown) => output.destroy(error as Error),
        );
        return output;
      },
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(this.keyOf(key))) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    if (prefix.length > 512 || prefix.includes('..') || !/^[a-z0-9_./-]*$/.test(prefix)) throw new Error(`invalid storage prefix "${prefix}"`);
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix + prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.settings.prefix.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  }

  /** A multipart upload straight to the object's key: nothing is read back or copied when it completes. */
  async beginAssembly(key: string, _scratch: string, layout: { partBytes: number; parts: number }): Promise<string | undefined> {
    if (layout.parts > MAX_PARTS || (layout.parts > 1 && layout.partBytes < MIN_PART_BYTES)) return undefined;
    const started = await this.client.send(new this.sdk.CreateMultipartUploadCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
    if (!started.UploadId) throw new Error(`the store started no multipart upload for ${key}`);
    return started.UploadId;
  }

  assembly(key: string, UploadId: string): Assembly {
    const { client, sdk } = this;
    const Bucket = this.settings.bucket;
    const Key = this.keyOf(key);
    return {
      async put({ number, content }) {
        const part = await client.send(new sdk.UploadPartCommand({ Bucket, Key, UploadId, PartNumber: number, Body: content, ContentLength: content.length }));
        if (!part.ETag) throw new Error(`the store gave part ${number} of ${key} no ETag`);
        return part.ETag;
      },
      async complete(parts) {
        const Parts = parts.map(({ number, receipt }) => ({ PartNumber: number, ETag: receipt }));
        await client.send(new sdk.CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
      },
      async abort() {
        try {
          await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
        } catch (error) {
          // Completed or aborted before: nothing is left to drop.
          if (!(error instanceof sdk.S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchUpload'))) throw error;
        }
      },
    };
  }

  close(): void {
    this.client.destroy();
  }

  private async sizeOf(Key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof this.sdk.S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')) return undefined;
      throw error;
    }
  }

  private keyOf(key: string): string {
    assertStorageKey(key);
    return this.settings.prefix + key;
  }
}
