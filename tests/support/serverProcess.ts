import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Starts the real server (the entry point npm start runs) as a child process and resolves once it listens. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the server printed so far (the SMS sign-in code goes to the log). */
  output(): string;
  /** Asks the server to shut down as an operator would (SIGTERM) and resolves once it has exited. */
  stop(): Promise<void>;
}

export function startServerProcess(options: { port: number; dataDir: string; env?: Record<string, string>; entry?: string }): Promise<ServerProcess> {
  // The bundle `npm start` runs when given (the API and e2e projects bundle it once: serverBundle.ts), the sources
  // under tsx otherwise (the benchmarks).
  const args = options.entry ? ['--enable-source-maps', options.entry] : ['--import', 'tsx', 'src/app/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('LabCode is running')) resolve({ child, port: options.port, url: `http://127.0.0.1:${options.port}`, output: () => output, stop: () => stop(child) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/**
 * A port unlikely to be taken: tests run in parallel files, each picks its own. Below Linux's ephemeral range
 * (32768 and up), where the kernel picks the local ports of outgoing connections (Chromium's, PostgreSQL
 * clients'): a server told to listen on one of those can find it in use (EADDRINUSE, seen once in CI).
 */
export function randomPort(): number {
  return 20000 + Math.floor(Math.random() * 12700);
}
