import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { randomPort, startServerProcess } from '../../support/serverProcess.js';

/**
 * The embedded database must keep every write it acknowledged when the server dies without warning.
 * The real server (npm start's entry point) takes sign-ins, each a transaction writing a session, an attempt
 * and a log row, and is killed with SIGKILL while they pour in. After a restart every acknowledged token works.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-durability-'));
const children: ChildProcess[] = [];

async function startServer(port: number): Promise<ChildProcess> {
  const { child } = await startServerProcess({ port, dataDir, env: { CLIENT_DIR: '/nonexistent' }, entry: inject('serverEntry') });
  children.push(child);
  return child;
}

async function signIn(port: number): Promise<string | undefined> {
  const response = await fetch(`http://127.0.0.1:${port}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'staff', password: hashPasswordForTransport('demo123456'), grant_type: 'password' }),
  });
  const body = (await response.json()) as { code: number; data: { token: string } };
  return body.code === 200 ? body.data.token : undefined;
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded database durability', () => {
  it('keeps every acknowledged write across a SIGKILL in the middle of writes', async () => {
    const port = randomPort();
    const server = await startServer(port);
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async () => {
      while (!stop) {
        try {
          const token = await signIn(port);
          if (token) acknowledged.push(token);
        } catch {
          return; // the server is gone: whatever was not answered was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    // Kill once a good number of writes is through, while more are in flight.
    while (acknowledged.length < 25) await new Promise((r) => setTimeout(r, 20));
    server.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    if (server.exitCode === null && server.signalCode === null) await once(server, 'exit');

    const restartPort = port + 1;
    await startServer(restartPort);
    let lost = 0;
    for (const token of acknowledged) {
      const response = await fetch(`http://127.0.0.1:${restartPort}/api/oauth/CurrentUser`, { headers: { authorization: token } });
      const body = (await response.json()) as { code: number };
      if (body.code !== 200) lost += 1;
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);
    expect(lost).toBe(0);
  });
});
