import type { FastifyInstance } from 'fastify';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';

/** Signs in through the real Login call, as the client does (form-encoded, MD5 transport hash). */
export async function signIn(app: FastifyInstance, account: string, password: string, extra: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/oauth/Login?n=${Math.floor(Date.now() / 1000)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ account, password: hashPasswordForTransport(password), grant_type: 'password', ...extra }).toString(),
  });
  return response.json() as { code: number; msg: string; data: { token: string; theme: string; captchaRequired?: boolean } | null };
}

export async function tokenFor(app: FastifyInstance, account: string, password: string): Promise<string> {
  const body = await signIn(app, account, password);
  if (body.code !== 200 || !body.data) throw new Error(`sign-in of ${account} failed: ${body.msg}`);
  return body.data.token;
}
