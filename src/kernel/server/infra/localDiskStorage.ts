import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Assembly, FileStorage, StoredObject } from './infrastructure.js';

/**
 * File contents on the local disk, under one root directory (DATA_DIR/files by default). Behind a load balancer
 * the root must be a disk every process shares, or the S3 adapter takes its place.
 */

/** Path segments of the key rule (infrastructure.ts); a segment never starts with '.', so temp files can't clash. */
const SEGMENT = '[a-z0-9_-][a-z0-9_.-]*';
const KEY_PATTERN = new RegExp(`^${SEGMENT}(/${SEGMENT})*$`);
const PREFIX_PATTERN = new RegExp(`^(${SEGMENT}/)*[a-z0-9_.-]*$`);
const MAX_KEY_LENGTH = 512;
const TEMP_PREFIX = '.tmp-';

export function assertStorageKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key) || key.includes('..')) throw new Error(`invalid storage key "${key}"`);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, content: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed over it: a reader sees the old file or the new one, never half of one.
    const temp = path.join(path.dirname(target), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    const file = await fs.promises.open(temp, 'wx');
    try {
      if (Buffer.isBuffer(content)) await file.write(content);
      else for await (const chunk of content) await file.write(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
      await file.sync();
      await file.close();
      await fs.promises.rename(temp, target);
    } catch (error) {
      await file.close().catch(() => undefined);
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.pathOf(key);
    const size = await this.sizeOf(file);
    if (size === undefined) return undefined;
    return {
      size,
      stream(range) {
        if (!range) return fs.createReadStream(file);
        if (!Number.isInteger(range.start) || !Number.isInteger(range.end) || range.start < 0 || range.end < range.start || range.end >= size) {
          throw new RangeError(`range ${range.start}-${range.end} outside 0-${size - 1}`);
        }
        return fs.createReadStream(file, { start: range.start, end: range.end });
      },
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(this.pathOf(key))) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    if (prefix.length > MAX_KEY_LENGTH || !PREFIX_PATTERN.test(prefix) || prefix.includes('..')) throw new Error(`invalid storage prefix "${prefix}"`);
    // Only the directory the prefix names (up to its last '/') needs walking.
    const directory = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const keys = await this.walk(path.join(this.root, directory), directory);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  /** The scratch file is created empty now; parts are written into it at their offsets, holes and all. */
  async beginAssembly(key: string, scratch: string): Promise<string> {
    this.pathOf(key);
    const file = this.pathOf(scratch);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await (await fs.promises.open(file, 'w')).close();
    return scratch;
  }

  assembly(key: string, handle: string): Assembly {
    const target = this.pathOf(key);
    const scratch = this.pathOf(handle);
    return {
      async put({ offset, content }) {
        // 'r+': the scratch file must be there; one removed by a discard is not made again by a late part.
        const file = await fs.promises.open(scratch, 'r+');
        try {
          await file.write(content, 0, content.length, offset);
        } finally {
          await file.close();
        }
        return '';
      },
      async read(offset, length) {
        const file = await fs.promises.open(scratch, 'r');
        try {
          const bytes = Buffer.alloc(length);
          const { bytesRead } = await file.read(bytes, 0, length, offset);
          if (bytesRead !== length) throw new RangeError(`scratch ${handle} holds ${bytesRead} of ${length} bytes at ${offset}`);
          return bytes;
        } finally {
          await file.close();
        }
      },
      async complete() {
        // Synced before the rename, as put does: once the object is there, its bytes are on the disk.
        const file = await fs.promises.open(scratch, 'r+');
        try {
          await file.sync();
        } finally {
          await file.close();
        }
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(scratch, target);
      },
      async abort() {
        await fs.promises.rm(scratch, { force: true });
      },
    };
  }

  private async walk(directory: string, keyPrefix: string): Promise<string[]> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return [];
      throw error;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      // Temp files of writes in progress (or of a crash during one) are not objects.
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) keys.push(...(await this.walk(path.join(directory, entry.name), `${keyPrefix}${entry.name}/`)));
      else if (entry.isFile()) keys.push(`${keyPrefix}${entry.name}`);
    }
    return keys;
  }

  private async sizeOf(file: string): Promise<number | undefined> {
    try {
      const stat = await fs.promises.stat(file);
      return stat.isFile() ? stat.size : undefined;
    } catch (error) {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
      throw error;
    }
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(this.root, key);
    // The key rule already keeps it inside; this is the second lock on the same door.
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`storage key "${key}" leaves the storage root`);
    return resolved;
  }
}
