import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

/**
 * The upload benchmark's peer (issue 34 item 3): a bare Fastify server that takes the same chunk protocol the
 * product does and only writes each chunk to disk, one file per chunk. No session, no database, no hashing, no
 * merge: the floor of what receiving these chunks costs on this machine, which the product is measured against.
 * The merge answers at once with the item the upload field shows.
 */
export async function startBareUploadServer(directory: string): Promise<{ url: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  await app.register(multipart, { limits: { fileSize: 11 * 1024 * 1024, files: 1, fields: 20 } });
  const answer = (data: unknown) => ({ code: 200, msg: 'Success', data });

  app.get('/api/file/chunk', async () => answer({ uploaded: false, chunkNumbers: [], merge: false }));

  app.post('/api/file/chunk', async (request) => {
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else {
        const folder = path.join(directory, /^[0-9a-f]{32}$/i.test(fields.identifier ?? '') ? fields.identifier : 'unknown');
        await fs.promises.mkdir(folder, { recursive: true });
        await pipeline(part.file, fs.createWriteStream(path.join(folder, String(Number(fields.chunkNumber) || 0))));
      }
    }
    return answer({ uploaded: false, chunkNumbers: [Number(fields.chunkNumber)], merge: false });
  });

  app.post('/api/file/merge', async (request) => {
    const fields: Record<string, string> = {};
    if (request.isMultipart()) for await (const part of request.parts()) if (part.type === 'field') fields[part.fieldname] = String(part.value);
    const fileId = `${fields.identifier ?? 'file'}.txt`;
    return answer({ name: fileId, fileId, fileVersionId: fileId, fileName: fields.fileName ?? 'file', fileSize: Number(fields.fileSize) || 0, fileExtension: 'txt', url: `/api/file/Download/annex/${fileId}`, thumbUrl: '' });
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, close: () => app.close() };
}

/**
 * One origin for the page, two servers behind it: everything goes to the product, except the upload calls, which
 * go to the bare server while `toBare` is set. The page, its client, its session and its requests stay the same
 * in both turns, and both pay the same hop through this proxy (plain socket piping, nothing buffered).
 */
export async function startUploadProxy(product: string, bare: string): Promise<{ url: string; toBare: boolean; close: () => Promise<void> }> {
  const target = (pathname: string) => new URL(proxy.toBare && /^\/api\/file\/(chunk|merge)\b/.test(pathname) ? bare : product);
  const server = http.createServer((request, response) => {
    const to = target(request.url ?? '/');
    const upstream = http.request({ host: to.hostname, port: to.port, method: request.method, path: request.url, headers: { ...request.headers, host: to.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  // The app's socket (messages, chat) goes to the product as it is.
  server.on('upgrade', (request, socket, head) => {
    const to = new URL(product);
    const upstream = net.connect(Number(to.port), to.hostname, () => {
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${Object.entries(request.headers).map(([name, value]) => `${name}: ${String(value)}`).join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    toBare: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return proxy;
}
