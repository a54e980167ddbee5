import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { BENCH_CHROMIUM as CHROMIUM } from '../support/chromium.js';

/**
 * Upload throughput (issue 11 item 6): a 200 MB file through an uploadFz field in Chromium, over loopback to the
 * real server (chunks written to disk, merged with its MD5 check), against a plain disk copy of the same file on
 * the same machine (read and write in 5 MB blocks, then fsync: what the server's storage must do at least). And
 * the MD5 worker's hashing throughput in the browser against node's crypto MD5 over the same bytes.
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

/** One upload: from choosing the file to the stored item in the list; the chunk phase from the first chunk call to the merge answer. */
async function uploadOnce(page: Page, file: string): Promise<{ totalMs: number; hashMs: number; transferMs: number; mergeMs: number }> {
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

export async function benchUpload(): Promise<string> {
  if (!fs.existsSync(path.join(ROOT, 'dist/client/index.html'))) throw new Error('Build the web app first: npx vite build');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-bench-upload-'));
  const dataDir = path.join(scratch, 'data');
  fs.mkdirSync(dataDir);
  // tests/support/serverProcess.ts reads __dirname, which vitest provides and tsx's ES modules do not: it is
  // given here until that file uses import.meta.dirname.
  (globalThis as { __dirname?: string }).__dirname ??= path.join(ROOT, 'tests/support');
  const { randomPort, startServerProcess } = await import('../support/serverProcess.js');
  const server = await startServerProcess({ port: randomPort(), dataDir, env: { CLIENT_DIR: path.join(ROOT, 'dist/client') } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const load = os.loadavg()[0].toFixed(1);
  const uploads: Array<{ totalMs: number; hashMs: number; transferMs: number; mergeMs: number }> = [];
  const copies: number[] = [];
  const workerMs: number[] = [];
  const nodeMs: number[] = [];
  try {
    const page = await (await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page);
    for (let run = 0; run < RUNS; run += 1) {
      const file = path.join(scratch, `bench-${run}.txt`);
      writeFile(file);
      // Turns alternate so a change of load touches both alike.
      copies.push(diskCopy(file, path.join(scratch, 'copy.txt')));
      uploads.push(await uploadOnce(page, file));
      workerMs.push(await workerMd5(page));
      nodeMs.push(nodeMd5(file));
      console.log(`run ${run + 1}: upload ${(uploads.at(-1)!.totalMs / 1000).toFixed(2)} s, copy ${(copies.at(-1)! / 1000).toFixed(2)} s, worker MD5 ${(workerMs.at(-1)! / 1000).toFixed(2)} s, node MD5 ${(nodeMs.at(-1)! / 1000).toFixed(2)} s`);
      fs.rmSync(file);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const copy = mbps(SIZE, median(copies));
  const total = mbps(SIZE, median(uploads.map((u) => u.totalMs)));
  const transfer = mbps(SIZE, median(uploads.map((u) => u.transferMs)));
  const worker = mbps(SIZE, median(workerMs));
  const node = mbps(SIZE, median(nodeMs));
  const cell = (value: number) => `${value.toFixed(0)} MB/s`;
  return `## Upload (issues 11 and 34)

A 200 MB text file through an uploadFz field on /previewModel in headless Chromium, to the real server over
loopback (embedded database, files on the local disk), ${RUNS} runs, each a new file so nothing is reused; against a
disk copy of the same file (read and written in 5 MB blocks, then fsync). The whole upload runs from choosing
the file to the stored item in the list: the MD5 pass in the worker, then the chunks (3 in flight, each with its
test call), then the merge, which reads the chunks back and checks the MD5. The transfer phase runs from the
first chunk call to the merge's answer. Measured ${new Date().toISOString().slice(0, 10)} on this project's machine (${os.cpus().length} cores,
${Math.round(os.totalmem() / 2 ** 30)} GiB), Node ${process.version}; load average ${load} at the start. Medians.

| What | Time | Throughput | Share of the disk copy |
|---|---|---|---|
| disk copy | ${(median(copies) / 1000).toFixed(2)} s | ${cell(copy)} | 100% |
| upload, whole (MD5 + chunks + merge) | ${(median(uploads.map((u) => u.totalMs)) / 1000).toFixed(2)} s | ${cell(total)} | ${((total / copy) * 100).toFixed(0)}% |
| upload, transfer phase (chunks + merge) | ${(median(uploads.map((u) => u.transferMs)) / 1000).toFixed(2)} s | ${cell(transfer)} | ${((transfer / copy) * 100).toFixed(0)}% |
| of which the merge call (server reads, checks and stores the whole) | ${(median(uploads.map((u) => u.mergeMs)) / 1000).toFixed(2)} s | | |
| MD5 pass before the first chunk (in the page) | ${(median(uploads.map((u) => u.hashMs)) / 1000).toFixed(2)} s | ${cell(mbps(SIZE, median(uploads.map((u) => u.hashMs))))} | |

| Hashing 200 MB | Time | Throughput |
|---|---|---|
| the app's MD5 worker (WebAssembly MD5 from hash-wasm, 10,240,000-byte slices, the next read while one is hashed) over an in-memory blob | ${(median(workerMs) / 1000).toFixed(2)} s | ${cell(worker)} (${((worker / node) * 100).toFixed(0)}% of node) |
| node's crypto MD5 (OpenSSL) over the same size in memory | ${(median(nodeMs) / 1000).toFixed(2)} s | ${cell(node)} |

Why the whole upload stays far from a disk copy: the identifier must be the whole file's MD5 before the first chunk
(spec 001 §4, §9), and the transfer phase (two requests per chunk, the server writing each chunk, then reading all
of them back for the merge's MD5 and content check, and again to store the whole) shares two cores with Chromium.
Since issue 34 the browser hashes with WebAssembly (\`'wasm-unsafe-eval'\` in the Content-Security-Policy's
script-src, which lets WebAssembly compile and is not eval; spark-md5 remains where WebAssembly may not run); the
JavaScript MD5 it replaced hashed at 41 MB/s. Not built yet: the server hashing and assembling chunks as they arrive,
so the merge reads nothing back (issue 34 item 3), and the comparison with a bare Fastify server receiving the same
chunks that the issue asks for.

| Target | Result |
|---|---|
| 200 MB upload ≥ ${TARGET_SHARE * 100}% of a disk copy's throughput (whole upload) | ${total / copy >= TARGET_SHARE ? 'met' : '**missed**'} (${((total / copy) * 100).toFixed(0)}%) |
| Browser-side hashing ≥ 200 MB/s (issue 34) | ${worker >= 200 ? 'met' : '**missed**'} (${cell(worker)}) |
`;
}
