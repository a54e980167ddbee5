import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpChunkTransport } from '../../../src/kernel/client/upload/httpChunkTransport.js';
import { UploadRefusedError, type ChunkParams } from '../../../src/kernel/client/upload/chunkTransport.js';

/** The chunk protocol over HTTP (docs/api.md, "Files"): what is sent, and which answers are retried or refused. */
const params: ChunkParams = {
  identifier: 'a'.repeat(32),
  filename: 'r.pdf',
  relativePath: 'r.pdf',
  chunkNumber: 2,
  totalChunks: 3,
  chunkSize: 5_242_880,
  currentChunkSize: 5_242_880,
  totalSize: 12_000_000,
  fileType: 'application/pdf',
  extension: 'pdf',
};
const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function transport() {
  const endSession = vi.fn();
  return { endSession, http: createHttpChunkTransport({ getToken: () => 'bearer t', getLanguageTag: () => 'zh-CN', endSession }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the HTTP chunk transport', () => {
  it('tests a chunk with its parameters in the query and the session header, and reads the stored chunks', async () => {
    const fetch = vi.fn(() => answer(200, { code: 200, msg: '', data: { uploaded: false, chunkNumbers: [1, 3], merge: false } }));
    vi.stubGlobal('fetch', fetch);
    const { http } = transport();
    expect(await http.testChunk(params, new AbortController().signal)).toEqual({ uploaded: false, chunkNumbers: [1, 3], merge: false });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const query = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/api/file/chunk?')).toBe(true);
    expect(Object.fromEntries(query)).toMatchObject({ identifier: params.identifier, chunkNumber: '2', totalChunks: '3', currentChunkSize: '5242880', totalSize: '12000000', filename: 'r.pdf', fileType: 'application/pdf', extension: 'pdf' });
    expect(init.headers).toMatchObject({ Authorization: 'bearer t', 'jnpf-origin': 'pc' });
  });

  it('completes with the payload as multipart and keeps the answer as the stored item', async () => {
    const fetch = vi.fn(() => answer(200, { code: 200, msg: '', data: { name: 'f.pdf', fileId: 'f.pdf', fileSize: 9, fileExtension: 'pdf', fileVersionId: 'f.pdf', url: '/api/file/Download/annex/f.pdf' } }));
    vi.stubGlobal('fetch', fetch);
    const stored = await transport().http.merge({ identifier: params.identifier, fileName: 'r.pdf', fileSize: 9, fileType: 'application/pdf', extension: 'pdf', type: 'annex', pathType: 'defaultPath', isAccount: '0', folder: '' }, new AbortController().signal);
    expect(stored).toEqual({ name: 'r.pdf', fileId: 'f.pdf', fileSize: 9, fileExtension: 'pdf', fileVersionId: 'f.pdf', url: '/api/file/Download/annex/f.pdf' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/file/merge');
    const body = init.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ identifier: params.identifier, fileName: 'r.pdf', fileSize: '9', fileType: 'application/pdf', extension: 'pdf', type: 'annex', pathType: 'defaultPath', isAccount: '0', folder: '' });
  });

  it('refuses without retry on a message from the server or an ended session, and retries what may pass next time', async () => {
    const { http, endSession } = transport();
    const merge = () => http.merge({ identifier: params.identifier, fileName: 'r.pdf', fileSize: 9, fileType: '', extension: 'pdf', type: 'annex', pathType: '', isAccount: '0', folder: '' }, new AbortController().signal);
    vi.stubGlobal('fetch', () => answer(400, { code: 400, msg: '文件内容与扩展名不符', data: null }));
    await expect(merge()).rejects.toEqual(new UploadRefusedError('文件内容与扩展名不符'));
    vi.stubGlobal('fetch', () => answer(200, { code: 600, msg: '登录过期', data: null }));
    await expect(merge()).rejects.toBeInstanceOf(UploadRefusedError);
    expect(endSession).toHaveBeenCalledOnce();
    vi.stubGlobal('fetch', () => answer(503, { code: 503, msg: '服务暂不可用', data: null }));
    const error = await merge().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UploadRefusedError);
  });
});
