import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { BENCH_CHROMIUM as CHROMIUM } from '../support/chromium.js';
import { startBareUploadServer, startUploadProxy } from './bareUploadServer.js';

/**
 * Upload throughput (issue 11 item 6, issue 34 item 3): a 200 MB file through an uploadFz field in Chromium, over
 * loopback, to the product on the local disk and on the S3 adapter, against a bare Fastify server receiving the
 * same chunks from the same page, and against a plain disk copy of the file. And the MD5 worker's hashing
 * throughput in the browser against node's crypto MD5 over the same bytes.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SIZE = 200 * 1024 * 1024;
const RUNS = 3;
const TARGET_SHARE = 0.5;
const mbps = (bytes: number, ms: number) => bytes / 1048576 / (ms / 1000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function writeFile(file: string): void {
  const block = Buffer.alloc(4 * 1048576);
  const fd = fs.openSync(file, 'w');
  for (let written = 0; written < SIZE; written += block.length) {
    // Printable, different per block and per run: the server takes .txt without NUL bytes, and keeps nothing from an earlier run.
    block.fill(crypto.randomBytes(48).toString('base64') + '\n');
    fs.writeSync(fd, block);
  }
  fs.closeSync(fd);
}

function diskCopy(from: string, to: string): number {
  const started = performance.now();
  const source = fs.openSync(from, 'r');
  const target = fs.openSync(to, 'w');
  const buffer = Buffer.alloc(5_242_880);
  for (let read; (read = fs.readSync(source, buffer)) > 0; ) fs.writeSync(target, buffer, 0, read);
  fs.fsyncSync(target);
  fs.closeSync(source);
  fs.closeSync(target);
  return performance.now() - started;
}

function nodeMd5(file: string): number {
  const bytes = fs.readFileSync(file);
  const started = performance.now();
  crypto.createHash('md5').update(bytes).digest('hex');
  return performance.now() - started;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill('admin');
  await page.getByPlaceholder('请输入密码').fill('admin123456');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/home$/);
}

const definition = JSON.stringify({
  fields: [{ __config__: { jnpfKey: 'uploadFz', label: '附件', showLabel: true, defaultValue: [], layout: 'colFormItem', span: 24, regList: [] }, __vModel__: 'attachments', limit: 0, fileSize: 1, sizeUnit: 'GB', accept: '' }],
});

interface UploadTimes {
  totalMs: number;
  hashMs: number;
  transferMs: number;
  mergeMs: number;
}

/** One upload: from choosing the file to the stored item in the list; the chunk phase from the first chunk call to the merge answer. */
async function uploadOnce(page: Page, file: string): Promise<UploadTimes> {
  await page.goto('/previewModel');
  await page.getByTestId('preview-source').fill(definition);
  await page.getByTestId('preview-render').click();
  let firstChunk = 0;
  let merged = 0;
  let mergeAsked = 0;
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes('/api/file/chunk') && !firstChunk) firstChunk = performance.now();
    if (request.url().includes('/api/file/merge')) mergeAsked = performance.now();
  };
  const onFinished = (request: { url(): string }) => request.url().includes('/api/file/merge') && (merged = performance.now());
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  const started = performance.now();
  await page.getByTestId('upload-input').setInputFiles(file);
  await page.getByTestId('upload-file').waitFor({ timeout: 300_000 });
  const totalMs = performance.now() - started;
  page.off('request', onRequest);
  page.off('requestfinished', onFinished);
  return { totalMs, hashMs: firstChunk - started, transferMs: merged - firstChunk, mergeMs: merged - mergeAsked };
}

/** The worker the app ships, run over an in-memory 200 MB blob, timed inside the page. */
async function workerMd5(page: Page): Promise<number> {
  const worker = fs.readdirSync(path.join(ROOT, 'dist/client/assets')).find((name) => /^md5\.worker-.*\.js$/.test(name));
  if (!worker) throw new Error('dist/client has no md5 worker: run vite build');
  return page.evaluate(
    async ({ url, size }) => {
      const block = new Uint8Array(4 * 1048576).map((_, i) => 32 + ((i * 31) % 90));
      const blob = new Blob(Array.from({ length: size / block.length }, () => block));
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const instance = new Worker(url, { type: 'module' });
        instance.onmessage = (event: MessageEvent<{ md5?: string; error?: string }>) => {
          if (event.data.md5) resolve();
          if (event.data.error) reject(new Error(event.data.error));
        };
        instance.postMessage({ file: blob });
      });
      return performance.now() - started;
    },
    { url: `/assets/${worker}`, size: SIZE },
  );
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
const BUCKET = 'labcode-bench';

/** What each run measures, the turns alternated so a change of load touches all alike. */
interface Turns {
  copies: number[];
  local: UploadTimes[];
  s3: UploadTimes[];
  /** The product (local disk) and the bare server behind the same proxy; s3 is behind one too. */
  proxied: UploadTimes[];
  bare: UploadTimes[];
  workerMs: number[];
  nodeMs: number[];
}

export async function benchUpload(): Promise<string> {
  if (!fs.existsSync(path.join(ROOT, 'dist/client/index.html'))) throw new Error('Build the web app first: npx vite build');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-bench-upload-'));
  const folder = (name: string) => {
    fs.mkdirSync(path.join(scratch, name));
    return path.join(scratch, name);
  };
  // tests/support/serverProcess.ts reads __dirname, which vitest provides and tsx's ES modules do not: it is
  // given here until that file uses import.meta.dirname.
  (globalThis as { __dirname?: string }).__dirname ??= path.join(ROOT, 'tests/support');
  const { randomPort, startServerProcess } = await import('../support/serverProcess.js');
  const clientDir = path.join(ROOT, 'dist/client');
  // The S3 adapter against an S3-protocol server on the same machine (the one its tests use).
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder('bucket'), allowMismatchedSignatures: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const s3Address = await s3rver.run();
  const s3Env = { S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' };
  const local = await startServerProcess({ port: randomPort(), dataDir: folder('local'), env: { CLIENT_DIR: clientDir } });
  const onS3 = await startServerProcess({ port: randomPort(), dataDir: folder('s3'), env: { CLIENT_DIR: clientDir, ...s3Env } });
  const bare = await startBareUploadServer(folder('bare'));
  const proxy = await startUploadProxy(local.url, bare.url);
  // The S3 product's turn goes through a proxy of its own, so it pays the same hop as the bare server's.
  const s3Proxy = await startUploadProxy(onS3.url, bare.url);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const load = os.loadavg()[0].toFixed(1);
  const turns: Turns = { copies: [], local: [], s3: [], proxied: [], bare: [], workerMs: [], nodeMs: [] };
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  try {
    const pageOn = async (url: string) => {
      const page = await (await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
      await signIn(page);
      return page;
    };
    const localPage = await pageOn(local.url);
    const s3Page = await pageOn(s3Proxy.url);
    const proxyPage = await pageOn(proxy.url);
    for (let run = 0; run < RUNS; run += 1) {
      // A new file for every turn: a server that has the content already takes it without its chunks.
      const fresh = (turn: string) => {
        const file = path.join(scratch, `bench-${run}-${turn}.txt`);
        writeFile(file);
        return file;
      };
      const upload = async (page: Page, turn: string) => {
        const file = fresh(turn);
        const times = await uploadOnce(page, file);
        fs.rmSync(file);
        return times;
      };
      const file = fresh('copy');
      turns.copies.push(diskCopy(file, path.join(scratch, 'copy.txt')));
      turns.nodeMs.push(nodeMd5(file));
      fs.rmSync(file);
      turns.local.push(await upload(localPage, 'local'));
      proxy.toBare = false;
      turns.proxied.push(await upload(proxyPage, 'proxied'));
      proxy.toBare = true;
      turns.bare.push(await upload(proxyPage, 'bare'));
      turns.s3.push(await upload(s3Page, 's3'));
      turns.workerMs.push(await workerMd5(localPage));
      console.log(
        `run ${run + 1}: local ${seconds(turns.local.at(-1)!.totalMs)} (merge ${seconds(turns.local.at(-1)!.mergeMs)}), proxied ${seconds(turns.proxied.at(-1)!.totalMs)}, bare ${seconds(turns.bare.at(-1)!.totalMs)}, ` +
          `S3 ${seconds(turns.s3.at(-1)!.totalMs)} (merge ${seconds(turns.s3.at(-1)!.mergeMs)}), copy ${seconds(turns.copies.at(-1)!)}, worker MD5 ${seconds(turns.workerMs.at(-1)!)}`,
      );
    }
  } finally {
    await browser.close();
    await local.stop();
    await onS3.stop();
    await proxy.close();
    await s3Proxy.close();
    await bare.close();
    await s3rver.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return report(turns, load);
}

function report({ copies, local, s3, proxied, bare, workerMs, nodeMs }: Turns, load: string): string {
  const copy = mbps(SIZE, median(copies));
  const rate = (uploads: UploadTimes[], phase: 'totalMs' | 'transferMs') => mbps(SIZE, median(uploads.map((u) => u[phase])));
  const worker = mbps(SIZE, median(workerMs));
  const node = mbps(SIZE, median(nodeMs));
  const cell = (value: number) => `${value.toFixed(0)} MB/s`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
  const row = (label: string, uploads: UploadTimes[], judged = true) =>
    `| ${label} | ${seconds(median(uploads.map((u) => u.totalMs)))} (${cell(rate(uploads, 'totalMs'))}) | ${seconds(median(uploads.map((u) => u.transferMs)))} (${cell(rate(uploads, 'transferMs'))}) | ${seconds(median(uploads.map((u) => u.mergeMs)))} | ${judged ? share(rate(uploads, 'transferMs'), rate(bare, 'transferMs')) : '—'} |`;
  const localMerge = median(local.map((u) => u.mergeMs));
  const s3Merge = median(s3.map((u) => u.mergeMs));
  const ofBare = rate(proxied, 'transferMs') / rate(bare, 'transferMs');
  const s3OfBare = rate(s3, 'transferMs') / rate(bare, 'transferMs');
  return `## Upload (issues 11 and 34)

A 200 MB text file through an uploadFz field on /previewModel in headless Chromium, over loopback, ${RUNS} runs, each a
new file so nothing is reused. Each run, in turn: a disk copy of the file (read and written in 5 MB blocks, then
fsync); the upload to the product with files on the local disk, direct; the same upload through a proxy on another
port (\`startUploadProxy\`), once with the product behind it and once with the upload calls sent to a **bare
Fastify server** (\`tests/bench/bareUploadServer.ts\`: @fastify/multipart, each chunk written to a file of its own,
no session, database, hash or merge) — same page, same client, same requests, the same hop for both; and the upload
to a second product whose files are in an S3 store (the S3 adapter against @20minutes/s3rver on this machine),
through a proxy of its own. The products run on the embedded database. The share of the bare server's throughput
compares turns behind a proxy.

The whole upload runs from choosing the file to the stored item in the list: the MD5 pass in the browser's worker
(the identifier must be the whole file's MD5 before the first chunk, spec 001 §4, §9), then the chunks (3 in flight,
each with its test call), then the merge. The transfer phase runs from the first chunk call to the merge's answer.
Since decision 228 the server hashes each chunk as it arrives (a running MD5 kept in the upload's row) and writes it
straight to its place in the file being assembled (one scratch file on the local disk, a part of a multipart upload
on S3), so the merge reads nothing back: it checks the digest and renames the file, or completes the multipart
upload. Measured ${new Date().toISOString().slice(0, 10)} on this project's machine (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB), Node ${process.version}; load
average ${load} at the start. Medians.

| Server | Whole upload | Transfer phase | Merge call | Transfer throughput, share of the bare server's |
|---|---|---|---|---|
${row('bare Fastify (writes the chunks, nothing else), behind the proxy', bare)}
${row('the product, local disk, behind the proxy', proxied)}
${row('the product, S3 adapter (s3rver), behind the proxy', s3)}
${row('the product, local disk, direct (what a user gets)', local, false)}

The disk copy took ${seconds(median(copies))} (${cell(copy)}); the MD5 pass before the first chunk ${seconds(median(local.map((u) => u.hashMs)))} on the product's turn.

| Hashing 200 MB | Time | Throughput |
|---|---|---|
| the app's MD5 worker (WebAssembly MD5 from hash-wasm, 10,240,000-byte slices, the next read while one is hashed) over an in-memory blob | ${seconds(median(workerMs))} | ${cell(worker)} (${share(worker, node)} of node) |
| node's crypto MD5 (OpenSSL) over the same size in memory | ${seconds(median(nodeMs))} | ${cell(node)} |

The S3 merge is CompleteMultipartUpload: on AWS S3 the store joins the parts itself; s3rver, a test server, copies
them into one file on its disk during the call, so its figure is s3rver's copy more than the product's work.

| Target | Result |
|---|---|
| Transfer throughput ≥ 50% of the bare Fastify server's, local disk (issue 34) | ${ofBare >= 0.5 ? 'met' : '**missed**'} (${share(ofBare, 1)}) |
| Transfer throughput ≥ 50% of the bare Fastify server's, S3 adapter (issue 34) | ${s3OfBare >= 0.5 ? 'met' : '**missed**'} (${share(s3OfBare, 1)}) |
| Merge ≤ 300 ms for 200 MB, local disk (issue 34) | ${localMerge <= 300 ? 'met' : '**missed**'} (${localMerge.toFixed(0)} ms) |
| Merge ≤ 300 ms for 200 MB, S3 adapter (issue 34) | ${s3Merge <= 300 ? 'met' : '**missed**'} (${s3Merge.toFixed(0)} ms) |
| Browser-side hashing ≥ 200 MB/s (issue 34) | ${worker >= 200 ? 'met' : '**missed**'} (${cell(worker)}) |
| 200 MB upload ≥ ${TARGET_SHARE * 100}% of a disk copy's throughput, whole upload (issue 11) | ${rate(local, 'totalMs') / copy >= TARGET_SHARE ? 'met' : '**missed**'} (${share(rate(local, 'totalMs'), copy)}) |
`;
}
