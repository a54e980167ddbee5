/**
 * Where the bulk import keeps its uploads and the workbooks it makes for download: files that live an hour and
 * only their owner may read, so the process that previews an upload need not be the one that received it. The
 * file module keeps them; a module offering an import passes them in (ImportRouteOptions.files).
 */
export interface ShortLivedFiles {
  store(file: { fileName: string; contentType: string; content: Uint8Array; userId: string }): Promise<{ id: string; url: string; name: string }>;
  /** The file's content; throws the AppError of a missing, expired or foreign file. */
  read(id: string, userId: string): Promise<{ content: Uint8Array }>;
}
