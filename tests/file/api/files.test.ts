import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeFiles } from '../../support/api/officeFiles.js';
import type { FastifyInstance } from 'fastify';
import { unzip } from '../../support/api/unzip.js';
import { buildApp } from '../../../src/app/server/labcode.js';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { LocalDiskStorage } from '../../../src/kernel/server/infra/localDiskStorage.js';
import { serverModules } from '../../../src/modules/serverModules.js';
import { createFileModule } from '../../../src/modules/file/server/index.js';
import { cleanUpFiles } from '../../../src/modules/file/server/fileCleanup.js';
import { discardUpload } from '../../../src/modules/file/server/uploadSessions.js';
import { createDownloadSigner } from '../../../src/modules/file/server/downloadSigning.js';
import { storeFile } from '../../../src/modules/file/server/fileBlobs.js';
import { DEFAULT_FILE_SETTINGS, type FileSettings } from '../../../src/modules/file/server/fileSettings.js';
import { UPLOAD_CHUNK_BYTES } from '../../../src/kernel/server/uploadLimits.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';

/** Chunked upload, images, signed and pack downloads, preview, quotas and cleanup (spec 001 §7; docs/api.md). */
const md5 = (content: Buffer) => createHash('md5').update(content).digest('hex');
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const SMALL_CHUNK = 64 * 1024;

interface Upload {
  content: Buffer;
  name: string;
  chunkSize?: number;
  identifier?: string;
}

function layout({ content, chunkSize = SMALL_CHUNK }: Upload) {
  const totalChunks = Math.max(1, Math.floor(content.length / chunkSize));
  const chunk = (n: number) => content.subarray((n - 1) * chunkSize, n === totalChunks ? content.length : n * chunkSize);
  return { totalChunks, chunk, chunkSize };
}

/** simple-uploader's parameters for chunk n, as JNPF's uploader sends them. */
function chunkParams(upload: Upload, n: number): Record<string, string> {
  const { totalChunks, chunk, chunkSize } = layout(upload);
  return {
    chunkNumber: String(n),
    chunkSize: String(chunkSize),
    currentChunkSize: String(chunk(n).length),
    totalSize: String(upload.content.length),
    identifier: upload.identifier ?? md5(upload.content),
    filename: upload.name,
    relativePath: upload.name,
    totalChunks: String(totalChunks),
    fileType: 'application/pdf',
    extension: path.extname(upload.name).slice(1),
  };
}

function form(fields: Record<string, string>, file?: Buffer, fileName = 'blob'): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) data.append('file', new Blob([new Uint8Array(file)]), fileName);
  return data;
}

describe.each(testDatabases())('files on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  let app: FastifyInstance;
  let admin: string;
  let staff: string;
  const apps: FastifyInstance[] = [];
  const settings: FileSettings = { ...DEFAULT_FILE_SETTINGS, extraExtensions: new Set(['dat']) };
  const storage = () => new LocalDiskStorage(path.join(dataDir, 'files'));

  async function serve(own: FileSettings = settings): Promise<FastifyInstance> {
    const modules = serverModules.map((module) => (module.name === 'file' ? createFileModule(own) : module));
    const served = await buildApp({ config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent', dataDir }, database, logger: false, modules });
    apps.push(served);
    return served;
  }

  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-files-'));
    app = await serve();
    admin = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
    staff = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
  });
  afterAll(async () => {
    for (const served of apps) await served.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const test = async (token: string, upload: Upload, n = 1, on = app) =>
    (await on.inject({ method: 'GET', url: `/api/file/chunk?${new URLSearchParams(chunkParams(upload, n))}`, headers: { authorization: token } })).json();
  const send = async (token: string, upload: Upload, n: number, body?: Buffer, on = app) =>
    (await on.inject({ method: 'POST', url: '/api/file/chunk', headers: { authorization: token }, payload: form(chunkParams(upload, n), body ?? layout(upload).chunk(n)) })).json();
  const merge = async (token: string, upload: Upload, extra: Record<string, string> = {}) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/file/merge',
        headers: { authorization: token },
        payload: form({ identifier: upload.identifier ?? md5(upload.content), fileName: upload.name, fileSize: String(upload.content.length), fileType: 'application/pdf', extension: 'pdf', type: 'annex', pathType: 'defaultPath', isAccount: '0', folder: '', ...extra }),
      })
    ).json();
  async function uploadWhole(token: string, upload: Upload) {
    for (let n = 1; n <= layout(upload).totalChunks; n += 1) expect((await send(token, upload, n)).code).toBe(200);
    return merge(token, upload);
  }
  const download = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('takes a file in chunks, lists what it has to a test request (also in another process), merges and downloads it byte for byte', async () => {
    const upload = { content: pdf(3 * SMALL_CHUNK + 1000), name: '实验报告 (final).pdf' };
    expect((await test(admin, upload)).data).toEqual({ uploaded: false, chunkNumbers: [], merge: false });
    expect((await send(admin, upload, 1)).data).toEqual({ uploaded: false, chunkNumbers: [1], merge: false });
    expect((await send(admin, upload, 3)).data.chunkNumbers).toEqual([1, 3]);
    // The upload stops; another server process on the same database and storage resumes it.
    const other = await serve();
    expect((await test(admin, upload, 2, other)).data).toEqual({ uploaded: false, chunkNumbers: [1, 3], merge: false });
    expect((await send(admin, upload, 2, undefined, other)).data).toEqual({ uploaded: false, chunkNumbers: [1, 2, 3], merge: true });

    const merged = await merge(admin, upload);
    expect(merged.code).toBe(200);
    expect(merged.data).toMatchObject({ fileSize: upload.content.length, fileExtension: 'pdf', fileName: upload.name });
    expect(merged.data.name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(merged.data.fileVersionId).toBe(merged.data.name);
    expect(merged.data.url).toBe(`/api/file/Download/annex/${merged.data.name}`);
    expect(await storage().list('uploads/')).toEqual([]);

    const address = (await app.inject({ method: 'GET', url: merged.data.url, headers: { authorization: staff } })).json();
    expect(address.data.name).toBe(upload.name);
    expect(address.data.url).toMatch(/^\/api\/file\/Download\?encryption=f\.[0-9a-f]{32}\.\d+\.[\w-]{43}&name=/);
    const file = await download(address.data.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(upload.content)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="____ (final).pdf"; filename*=UTF-8''${encodeURIComponent('实验报告 ')}%28final%29.pdf`);
  });

  it('refuses a chunk whose layout is not its upload\'s, and counts a row written without the new columns as not stored', async () => {
    const upload = { content: pdf(3 * SMALL_CHUNK), name: 'layouts.pdf' };
    expect((await send(admin, upload, 1)).code).toBe(200);
    // simple-uploader's forceChunkSize makes one chunk more of the same file: another layout, another upload.
    const forced = form({ ...chunkParams(upload, 1), totalChunks: '4', chunkNumber: '4', currentChunkSize: '0' }, Buffer.alloc(0));
    const answer = (await app.inject({ method: 'POST', url: '/api/file/chunk', headers: { authorization: admin }, payload: forced })).json();
    expect(answer.code).toBe(400);
    const row = await database.db.selectFrom('base_file_upload').select(['id', 'total_chunks']).where('identifier', '=', md5(upload.content)).executeTakeFirstOrThrow();
    expect(row.total_chunks).toBe(3);
    // A process still on the earlier code inserts rows without stored and kept: they do not count (migration 0053).
    await database.db.insertInto('base_file_chunk').values({ upload_id: row.id, chunk_number: 2, size: SMALL_CHUNK }).execute();
    expect((await test(admin, upload, 2)).data.chunkNumbers).toEqual([1]);
    await discardUpload(database.db, storage(), row.id);
  });

  it('hashes and assembles chunks as they arrive, in any order and at once, so the merge reads nothing back', async () => {
    const upload = { content: pdf(6 * SMALL_CHUNK + 500), name: 'out-of-order.pdf' };
    const uploadRow = () => database.db.selectFrom('base_file_upload').selectAll().where('identifier', '=', md5(upload.content)).executeTakeFirstOrThrow();
    // 4 and 6 first: nothing before them is there, so the running MD5 waits at 0.
    expect((await send(admin, upload, 4)).code).toBe(200);
    expect((await send(admin, upload, 6)).code).toBe(200);
    expect((await uploadRow()).hashed_through).toBe(0);
    // 1, 2, 3 and 5 at once: whichever request comes last carries the hash through all six.
    const answers = await Promise.all([3, 1, 5, 2].map((n) => send(admin, upload, n)));
    expect(answers.map((answer) => answer.code)).toEqual([200, 200, 200, 200]);
    const row = await uploadRow();
    expect(row.hashed_through).toBe(6);
    expect(row.assembly).toBe(`uploads/${row.id}/assembly`);
    // One scratch file, no chunk files: the chunks went straight to their places in it.
    expect(await storage().list(`uploads/${row.id}/`)).toEqual([`uploads/${row.id}/assembly`]);
    const merged = await merge(admin, upload);
    expect(merged.code).toBe(200);
    expect(await storage().list('uploads/')).toEqual([]);
    const address = (await app.inject({ method: 'GET', url: merged.data.url, headers: { authorization: admin } })).json();
    expect((await download(address.data.url)).rawPayload.equals(upload.content)).toBe(true);
  });

  it('writes a chunk once: a stored chunk sent again is acknowledged unwritten, one being written is answered 409, and a dead claim restarts the upload', async () => {
    const upload = { content: pdf(3 * SMALL_CHUNK), name: 'write-once.pdf' };
    expect((await send(admin, upload, 1)).code).toBe(200);
    // The same chunk again with other bytes (a forged retry): the first bytes stay, so the file is still whole.
    expect((await send(admin, upload, 1, pdf(SMALL_CHUNK))).data.chunkNumbers).toEqual([1]);
    const row = await database.db.selectFrom('base_file_upload').select('id').where('identifier', '=', md5(upload.content)).executeTakeFirstOrThrow();
    // Another request holds chunk 2 (its row claimed, its bytes not yet stored).
    await database.db.insertInto('base_file_chunk').values({ upload_id: row.id, chunk_number: 2, size: SMALL_CHUNK, stored: false, kept: false }).execute();
    expect(await test(admin, upload, 2)).toMatchObject({ data: { chunkNumbers: [1] } });
    expect(await send(admin, upload, 2)).toMatchObject({ code: 409, msg: '第2个分片正在上传，请稍候' });
    // That request died (or hangs): after its hold the upload starts over, since its writer could still land.
    await database.db.updateTable('base_file_chunk').set({ created_at: new Date(Date.now() - 3 * 60_000) }).where('upload_id', '=', row.id).where('chunk_number', '=', 2).execute();
    expect(await send(admin, upload, 2)).toMatchObject({ code: 409, msg: '文件上传已重新开始，请重试' });
    expect((await test(admin, upload, 1)).data.chunkNumbers).toEqual([]);
    for (const n of [1, 2]) expect((await send(admin, upload, n)).code).toBe(200);
    expect((await send(admin, upload, 3)).data).toEqual({ uploaded: false, chunkNumbers: [1, 2, 3], merge: true });
    const merged = await merge(admin, upload);
    expect(merged.code).toBe(200);
    const address = (await app.inject({ method: 'GET', url: merged.data.url, headers: { authorization: admin } })).json();
    expect((await download(address.data.url)).rawPayload.equals(upload.content)).toBe(true);
  });

  it('merges an upload begun before chunks were hashed on arrival (kept chunk files, no running MD5)', async () => {
    const upload = { content: pdf(3 * SMALL_CHUNK), name: 'from-before.pdf' };
    const { totalChunks, chunk } = layout(upload);
    // What migration 0053 leaves of an upload in progress: chunk files under its prefix, rows stored and kept.
    const id = 'f'.repeat(32);
    await database.db
      .insertInto('base_file_upload')
      .values({ id, user_id: (await database.db.selectFrom('base_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id, identifier: md5(upload.content), total_size: upload.content.length, chunk_size: SMALL_CHUNK, total_chunks: totalChunks })
      .execute();
    for (let n = 1; n <= totalChunks; n += 1) {
      await storage().put(`uploads/${id}/${n}`, chunk(n));
      await database.db.insertInto('base_file_chunk').values({ upload_id: id, chunk_number: n, size: chunk(n).length, stored: true, kept: true }).execute();
    }
    const merged = await merge(admin, upload);
    expect(merged.code).toBe(200);
    expect(await storage().list('uploads/')).toEqual([]);
    const address = (await app.inject({ method: 'GET', url: merged.data.url, headers: { authorization: admin } })).json();
    expect((await download(address.data.url)).rawPayload.equals(upload.content)).toBe(true);
  });

  it('takes the spec layout: 5,242,880-byte chunks, the rest folded into the last', async () => {
    const upload = { content: pdf(UPLOAD_CHUNK_BYTES * 2 + 12345), name: 'large.pdf', chunkSize: UPLOAD_CHUNK_BYTES };
    expect(layout(upload).totalChunks).toBe(2);
    expect((await uploadWhole(admin, upload)).data.fileSize).toBe(upload.content.length);
  });

  it('stores identical files once, and lets their owner merge them again without sending the chunks', async () => {
    const upload = { content: pdf(2 * SMALL_CHUNK), name: 'same.pdf' };
    const first = (await uploadWhole(admin, upload)).data;
    const second = (await uploadWhole(staff, upload)).data;
    expect(second.name).not.toBe(first.name);
    expect((await storage().list('blobs/')).filter((key) => key.includes(md5(upload.content)))).toHaveLength(1);

    expect((await test(admin, upload)).data).toEqual({ uploaded: false, chunkNumbers: [1, 2], merge: true });
    const again = await merge(admin, { ...upload, name: 'copy.pdf' });
    expect(again.data.fileName).toBe('copy.pdf');
    expect(again.data.name).not.toBe(first.name);
    // The same bytes under another extension are checked against it: a pdf cannot become an image by its name.
    expect(await merge(admin, { ...upload, name: 'same.png' })).toMatchObject({ code: 400, msg: '文件内容与扩展名 .png 不符' });
  });

  it('refuses content that is not what its extension says, and stores nothing', async () => {
    const upload = { content: Buffer.concat([Buffer.from('MZ'), randomBytes(5000)]), name: 'invoice.pdf' };
    const refused = await send(admin, upload, 1);
    expect(refused).toMatchObject({ code: 400, msg: '文件内容与扩展名 .pdf 不符' });
    expect((await test(admin, upload)).data.chunkNumbers).toEqual([]);
    const text = { content: Buffer.from('a,b\n1,2\n\u0000'), name: 'data.csv' };
    expect((await send(admin, text, 1)).code).toBe(400);
    expect((await send(admin, { content: Buffer.from('a,b\n1,2\n'), name: 'data.csv' }, 1)).data.merge).toBe(true);
  });

  it('refuses extensions it does not know unless configured', async () => {
    expect(await send(admin, { content: randomBytes(100), name: 'setup.exe' }, 1)).toMatchObject({ code: 400, msg: '不允许上传 .exe 类型的文件' });
    expect((await send(admin, { content: randomBytes(100), name: 'constructor' }, 1)).code).toBe(400);
    expect((await uploadWhole(admin, { content: randomBytes(100), name: 'raw.dat' })).code).toBe(200);
  });

  it('never lets a client name reach the storage: names with paths are refused', async () => {
    for (const name of ['../../x.pdf', '..\\..\\x.pdf', 'a/b.pdf', '..', 'x\u0000.pdf']) {
      expect((await send(admin, { content: pdf(1000), name }, 1)).code, name).toBe(400);
    }
    const upload = { content: pdf(1000), name: 'ok.pdf' };
    await send(admin, upload, 1);
    expect(await merge(admin, upload, { fileName: '../../etc/passwd.pdf' })).toMatchObject({ code: 400, msg: '文件名不合法' });
    expect((await storage().list('')).every((key) => /^(blobs|uploads)\/[0-9a-f]{2,32}\/([0-9a-f-]+|assembly)$/.test(key))).toBe(true);
  });

  it('refuses chunks outside the layout: oversize, beyond totalChunks, of another size than declared', async () => {
    const upload = { content: pdf(3 * SMALL_CHUNK), name: 'layout.pdf' };
    const params = chunkParams(upload, 1);
    const ask = async (changes: Record<string, string>, body = layout(upload).chunk(1)) =>
      (await app.inject({ method: 'POST', url: '/api/file/chunk', headers: { authorization: admin }, payload: form({ ...params, ...changes }, body) })).json();
    expect((await ask({ chunkSize: String(UPLOAD_CHUNK_BYTES + 1) })).code).toBe(413);
    expect((await ask({ chunkNumber: '4' })).code).toBe(400);
    expect((await ask({ chunkNumber: '0' })).code).toBe(400);
    expect((await ask({ totalChunks: '9' })).code).toBe(400);
    const tiny = { chunkSize: '1', totalChunks: '10001', totalSize: '10001', currentChunkSize: '1' };
    expect((await ask(tiny, Buffer.from('%'))).code).toBe(400);
    expect((await ask({ currentChunkSize: '10' })).code).toBe(400);
    expect((await ask({}, layout(upload).chunk(1).subarray(1))).code).toBe(400);
    expect((await ask({ identifier: 'not-an-md5' })).code).toBe(400);
    const huge = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(2 * UPLOAD_CHUNK_BYTES)]);
    expect((await ask({}, huge)).code).toBe(413);
    expect((await test(admin, upload)).data.chunkNumbers).toEqual([]);
  });

  it("keeps one user's chunks from another: the test request lists none and the merge finds nothing", async () => {
    const upload = { content: pdf(2 * SMALL_CHUNK), name: 'private.pdf' };
    await send(admin, upload, 1);
    await send(admin, upload, 2);
    expect((await test(staff, upload)).data.chunkNumbers).toEqual([]);
    expect(await merge(staff, upload)).toMatchObject({ code: 404 });
    expect((await test(admin, upload)).data).toMatchObject({ chunkNumbers: [1, 2], merge: true });
  });

  it('refuses a merge whose MD5 or size does not match, and discards the chunks', async () => {
    const upload = { content: pdf(2 * SMALL_CHUNK), name: 'forged.pdf', identifier: md5(Buffer.from('something else')) };
    await send(admin, upload, 1);
    await send(admin, upload, 2);
    expect(await merge(admin, upload)).toMatchObject({ code: 400, msg: '文件校验失败（MD5 或大小不符），请重新上传' });
    expect((await test(admin, upload)).data.chunkNumbers).toEqual([]);
    expect(await storage().list('uploads/')).not.toContain(expect.stringMatching(/./));
    const honest = { content: pdf(SMALL_CHUNK + 10), name: 'size.pdf' };
    await send(admin, honest, 1);
    expect((await merge(admin, honest, { fileSize: String(SMALL_CHUNK) })).code).toBe(400);
  });

  it('refuses expired and altered download addresses, and serves exports as before', async () => {
    const file = (await uploadWhole(admin, { content: pdf(500), name: 'signed.pdf' })).data;
    const { url } = (await app.inject({ method: 'GET', url: file.url, headers: { authorization: admin } })).json().data;
    const signature = /encryption=([^&]+)/.exec(url)![1];
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const bad of [url.replace(signature, flipped), url.replace('name=signed.pdf', 'name=other.pdf'), url.replace(/\.(\d+)\./, (_: string, s: string) => `.${Number(s) + 600}.`)]) {
      expect((await download(bad)).json()).toMatchObject({ code: 400, msg: '下载链接已失效，请重新获取' });
    }
    const record = /f\.([0-9a-f]{32})\./.exec(url)![1];
    const expired = await createDownloadSigner(database.db).sign({ kind: 'f', id: record, name: 'signed.pdf' }, -2000);
    expect((await download(expired)).json().code).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/file/Download/annex/0123456789abcdef0123456789abcdef.pdf', headers: { authorization: admin } })).json()).toMatchObject({ code: 404, msg: '文件不存在' });
    expect((await download(url.replace('/api/file/Download/annex', ''))).statusCode).toBe(200);

    const userId = (await database.db.selectFrom('base_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
    const exported = await storeFile(database.db, { fileName: 'rules.json', contentType: 'application/json', content: Buffer.from('{}'), userId });
    const direct = await download(exported.url, { authorization: admin });
    expect(direct.body).toBe('{}');
    expect(direct.headers['content-disposition']).toContain("filename*=UTF-8''rules.json");
  });

  it('packs the listed files into one zip', async () => {
    const a = { content: pdf(3000), name: 'a.pdf' };
    const b = { content: Buffer.from('plain text\n'), name: 'notes.txt' };
    const ida = (await uploadWhole(admin, a)).data.name;
    const idb = (await uploadWhole(admin, b)).data.name;
    const list = [{ fileId: ida, fileName: 'a.pdf' }, { fileId: idb, fileName: '../notes.txt' }, { fileId: ida, fileName: 'a.pdf' }, { fileId: 'f'.repeat(32), fileName: 'ghost.pdf' }];
    const packed = (await app.inject({ method: 'POST', url: '/api/file/PackDownload/annex', headers: { authorization: staff }, payload: list })).json();
    expect(packed.code).toBe(200);
    expect(packed.data.downloadName).toBe(`文件${packed.data.downloadVo.name}`);
    const zip = await download(packed.data.downloadVo.url);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await unzip(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['.._notes.txt', 'a.pdf']);
    expect(entries.get('a.pdf')!.equals(a.content)).toBe(true);
    expect(entries.get('.._notes.txt')!.equals(b.content)).toBe(true);

    for (const empty of [[], [{ fileId: 'f'.repeat(32), fileName: 'x.pdf' }]]) {
      expect((await app.inject({ method: 'POST', url: '/api/file/PackDownload/annex', headers: { authorization: staff }, payload: empty })).json()).toMatchObject({ code: 400, msg: '未发现文件' });
    }
  });

  it('answers the preview what viewer to open, and 文件不存在 for an unknown file', async () => {
    const image = (await app.inject({ method: 'POST', url: '/api/file/Uploader/annexpic', headers: { authorization: admin }, payload: form({ pathType: 'defaultPath' }, PNG, 'photo.png') })).json().data;
    const doc = (await uploadWhole(admin, { content: pdf(700), name: 'doc.pdf' })).data;
    const text = (await uploadWhole(admin, { content: Buffer.from('hello'), name: 'hello.txt' })).data;
    const sheet = (await uploadWhole(admin, { content: Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), randomBytes(300)]), name: 'sheet.xlsx' })).data;
    const preview = async (query: Record<string, string>) => (await app.inject({ method: 'GET', url: `/api/file/Uploader/Preview?${new URLSearchParams(query)}`, headers: { authorization: staff } })).json();
    expect((await preview({ fileVersionId: image.fileVersionId, fileName: 'photo.png' })).data).toMatchObject({ previewType: 'image', name: 'photo.png', fileExtension: 'png' });
    const docPreview = (await preview({ fileVersionId: doc.fileVersionId })).data;
    expect(docPreview.previewType).toBe('pdf');
    // A preview address shows the pdf in the page (inline, its checked type, nosniff); a download address saves it.
    const shown = await download(docPreview.url);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    const saved = (await app.inject({ method: 'GET', url: `/api/file/Download/annex/${doc.fileId}`, headers: { authorization: staff } })).json().data;
    expect((await download(saved.url)).headers['content-disposition']).toMatch(/^attachment;/);
    const textPreview = (await preview({ fileName: 'hello.txt', fileDownloadUrl: text.url })).data;
    expect(textPreview.previewType).toBe('text');
    // Text is read by the preview, never shown by the browser as a page of this site.
    expect((await download(textPreview.url)).headers['content-disposition']).toMatch(/^attachment;/);
    // A workbook in name only: offered to the Office preview, whose conversion refuses it, and still downloads.
    const other = (await preview({ fileId: sheet.fileId })).data;
    expect(other.previewType).toBe('office');
    expect((await download(other.url)).headers['content-disposition']).toMatch(/^attachment;/);
    expect((await app.inject({ method: 'GET', url: `/api/file/Uploader/PreviewDocument?fileId=${sheet.fileId}`, headers: { authorization: staff } })).json()).toMatchObject({ code: 400, msg: '无法预览该文件，请下载后查看' });
    expect((await app.inject({ method: 'GET', url: `/api/file/Uploader/PreviewDocument?fileVersionId=${doc.fileVersionId}`, headers: { authorization: staff } })).json()).toMatchObject({ code: 400 });
    expect(await preview({ fileVersionId: '0'.repeat(32) })).toMatchObject({ code: 404, msg: '文件不存在' });
    expect(await preview({ fileName: 'x.pdf' })).toMatchObject({ code: 404, msg: '文件不存在' });
  });

  it('converts Word, Excel and PowerPoint files for the preview, on the server, capped', async () => {
    const preview = async (fileId: string) => (await app.inject({ method: 'GET', url: `/api/file/Uploader/PreviewDocument?fileId=${fileId}`, headers: { authorization: staff } })).json();
    const docx = (await uploadWhole(admin, { content: await officeFiles.docx(['检测报告', '样品 S-07 的 pH 值为 7.2。', '<script>alert(1)</script>']), name: '报告.docx' })).data;
    const shown = await preview(docx.fileId);
    expect(shown.code, shown.msg).toBe(200);
    expect(shown.data.format).toBe('docx');
    expect(shown.data.html).toContain('样品 S-07 的 pH 值为 7.2。');
    // Text that looks like markup stays text.
    expect(shown.data.html).not.toContain('<script>');

    const xlsx = (await uploadWhole(admin, { content: await officeFiles.xlsx(600), name: '台账.xlsx' })).data;
    const sheet = (await preview(xlsx.fileId)).data;
    expect(sheet.format).toBe('xlsx');
    expect(sheet.sheets[0]).toMatchObject({ name: '试剂台账', truncated: true });
    expect(sheet.sheets[0].rows).toHaveLength(500);
    expect(sheet.sheets[0].rows[0]).toEqual(['名称', '数量', '合计']);
    expect(sheet.sheets[0].rows[1]).toEqual(['试剂1', '1', '2']);

    const pptx = (await uploadWhole(admin, { content: await officeFiles.pptx([['开放日', '实验室 &amp; 仪器'], ['第二页']]), name: '介绍.pptx' })).data;
    const deck = (await preview(pptx.fileId)).data;
    expect(deck).toMatchObject({ format: 'pptx', truncated: false, slides: [{ index: 1, paragraphs: ['开放日', '实验室 & 仪器'] }, { index: 2, paragraphs: ['第二页'] }] });
    expect((await app.inject({ method: 'GET', url: '/api/file/Uploader/Preview?fileId=' + pptx.fileId, headers: { authorization: staff } })).json().data.previewType).toBe('office');

    // A document that unpacks past the budget (70 MB of one character, a few hundred kilobytes packed) is refused
    // before any reader inflates it.
    const bomb = (await uploadWhole(admin, { content: await officeFiles.docx(['x'.repeat(70 * 1024 * 1024)]), name: '炸弹.docx' })).data;
    expect(await preview(bomb.fileId)).toMatchObject({ code: 400, msg: '无法预览该文件，请下载后查看' });
  });

  it('takes images by their bytes at /Uploader/{type}, with the chat limit at /IM, and serves them by id', async () => {
    const upload = (type: string, content: Buffer, name: string) =>
      app.inject({ method: 'POST', url: `/api/file/Uploader/${type}`, headers: { authorization: staff }, payload: form({ pathType: 'defaultPath', isAccount: '0', folder: '' }, content, name) }).then((r) => r.json());
    const image = await upload('annexpic', PNG, 'photo.jpg');
    expect(image).toMatchObject({ code: 200, msg: '上传成功' });
    expect(image.data.url).toBe(`/api/file/Image/annexpic/${image.data.name}`);
    expect(image.data.name).toMatch(/^[0-9a-f]{32}\.png$/);
    const served = await download(image.data.url);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await upload('annexpic', Buffer.from('<svg onload=alert(1)>'), 'x.png')).toMatchObject({ code: 400, msg: '请上传图片' });
    const large = Buffer.concat([PNG, Buffer.alloc(5_242_880)]);
    expect(await upload('IM', large, 'big.png')).toMatchObject({ code: 413, msg: '图片大小不能超过5M' });
    expect((await upload('annexpic', large, 'big.png')).code).toBe(200);
    expect((await upload('..', PNG, 'x.png')).code).not.toBe(200);
    const pdfId = (await uploadWhole(admin, { content: pdf(400), name: 'no-image.pdf' })).data.name;
    expect((await download(`/api/file/Image/annex/${pdfId}`)).json().code).toBe(404);
  });

  it('refuses uploads past the per-user quota and past the largest file size', async () => {
    const limited = await serve({ ...settings, maxFileBytes: 10 * SMALL_CHUNK });
    expect(await test(admin, { content: pdf(11 * SMALL_CHUNK), name: 'big.pdf' }, 1, limited)).toMatchObject({ code: 413, msg: '文件大小超过640KB' });

    const staffId = (await database.db.selectFrom('base_user').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow()).id;
    const stored = await database.db.selectFrom('base_file').select((eb) => eb.fn.sum<number>('size').as('bytes')).where('user_id', '=', staffId).executeTakeFirstOrThrow();
    const pending = await database.db.selectFrom('base_file_chunk').innerJoin('base_file_upload', 'base_file_upload.id', 'base_file_chunk.upload_id').select((eb) => eb.fn.sum<number>('base_file_chunk.size').as('bytes')).where('base_file_upload.user_id', '=', staffId).executeTakeFirstOrThrow();
    // Room for one more small file: its chunks count while it is unfinished, so a second one does not fit.
    const quota = await serve({ ...settings, quotaBytes: Number(stored.bytes ?? 0) + Number(pending.bytes ?? 0) + SMALL_CHUNK + 100 });
    const first = { content: pdf(SMALL_CHUNK), name: 'q1.pdf' };
    expect((await test(staff, first, 1, quota)).code).toBe(200);
    expect((await send(staff, first, 1, undefined, quota)).data.merge).toBe(true);
    const second = await test(staff, { content: pdf(SMALL_CHUNK), name: 'q2.pdf' }, 1, quota);
    expect(second.code).toBe(413);
    expect(second.msg).toMatch(/^存储空间不足：已用/);
  });

  it('cleans abandoned uploads once, whichever process asks first', async () => {
    const upload = { content: pdf(2 * SMALL_CHUNK), name: 'abandoned.pdf' };
    await send(staff, upload, 1);
    const row = await database.db.selectFrom('base_file_upload').select('id').where('identifier', '=', md5(upload.content)).executeTakeFirstOrThrow();
    expect(await storage().list(`uploads/${row.id}/`)).toHaveLength(1);
    await database.db.updateTable('base_file_upload').set({ updated_at: new Date(Date.now() - 8 * 24 * 3600_000) }).where('id', '=', row.id).execute();
    // Each server ran the cleanup when it started, and the first to do so holds the job for the interval.
    const job = await database.db.selectFrom('base_file_job').select('run_after').executeTakeFirstOrThrow();
    expect(new Date(job.run_after).getTime()).toBeGreaterThan(Date.now() + settings.cleanupIntervalMs / 2);
    await database.db.updateTable('base_file_job').set({ run_after: new Date(Date.now() - 1000) }).execute();
    const deps = { db: database.db, storage: storage(), settings };
    const [first, second] = await Promise.all([cleanUpFiles(deps), cleanUpFiles(deps)]);
    expect([first.claimed, second.claimed].sort()).toEqual([false, true]);
    expect(first.uploads + second.uploads).toBe(1);
    expect(await storage().list(`uploads/${row.id}/`)).toEqual([]);
    expect((await test(staff, upload)).data.chunkNumbers).toEqual([]);
    expect((await cleanUpFiles(deps)).claimed).toBe(false);
  });
});
