import yauzl from 'yauzl';

/** The entries of a zip answered by the server (pack downloads, generated code), by name, as bytes. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, zipFile) => {
      if (error || !zipFile) return reject(error);
      zipFile.on('entry', (entry: yauzl.Entry) => {
        zipFile.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const parts: Buffer[] = [];
          for await (const part of stream) parts.push(part as Buffer);
          entries.set(entry.fileName, Buffer.concat(parts));
          zipFile.readEntry();
        });
      });
      zipFile.on('end', () => resolve(entries));
      zipFile.readEntry();
    });
  });
}
