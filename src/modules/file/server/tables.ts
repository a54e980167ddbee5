import type { Generated } from 'kysely';
import type { Timestamp } from '../../../kernel/server/db/columnTypes.js';

/** The file module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface FileBlobTable {
  id: string;
  file_name: string;
  content_type: string;
  content: Uint8Array;
  user_id: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

/** An uploaded file: its owner, its original name, and where its content lies in the file storage. */
export interface FileTable {
  id: string;
  user_id: string;
  /** JNPF's folder name the client uploaded under (annex, annexpic, IM …); recorded, never a path. */
  type: string;
  file_name: string;
  extension: string;
  size: number;
  md5: string;
  storage_key: string;
  content_type: string;
  created_at: Generated<Date>;
}

/** A chunked upload in progress, one per user and identifier (the file's MD5). */
export interface FileUploadTable {
  id: string;
  user_id: string;
  identifier: string;
  total_size: number;
  chunk_size: number;
  total_chunks: number;
  merging_until: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The storage's handle of the file being assembled; null when the chunks are kept as separate objects. */
  assembly: string | null;
  /** Chunks 1…hashed_through are in the running MD5, whose state is hash_state (null before chunk 1). */
  hashed_through: Generated<number>;
  hash_state: Uint8Array | null;
  /** Chunk 1's first bytes, for the content check at the merge. */
  head: Uint8Array | null;
}

export interface FileChunkTable {
  upload_id: string;
  chunk_number: number;
  size: number;
  created_at: Generated<Date>;
  /** False while the request that claimed the chunk writes it: no other request writes the same chunk. */
  stored: Generated<boolean>;
  /** A separate copy is kept under chunkKey (read when the running MD5 reaches it, or joined at the merge). */
  kept: Generated<boolean>;
  /** The storage's receipt for the assembled part (an S3 ETag). */
  receipt: Generated<string>;
}

/** The files of one pack download: entries is a JSON list of {fileId, name}. */
export interface FilePackTable {
  id: string;
  user_id: string;
  entries: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface FileSecretTable {
  id: string;
  secret: Uint8Array;
  created_at: Generated<Date>;
}

export interface FileJobTable {
  name: string;
  run_after: Timestamp;
}

export interface FileTables {
  base_file_blob: FileBlobTable;
  base_file: FileTable;
  base_file_upload: FileUploadTable;
  base_file_chunk: FileChunkTable;
  base_file_pack: FilePackTable;
  base_file_secret: FileSecretTable;
  base_file_job: FileJobTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends FileTables {}
}
