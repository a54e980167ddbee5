import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../../kernel/server/appError.js';
import { addressAllowed, type HttpAllowList } from './httpGuard.js';

/**
 * HTTP interfaces (JNPF type 3): a GET or POST to the administrator's URL with the call's parameters, the answer
 * read as JSON. The address is checked after DNS, on the socket's own lookup, so the address checked is the one
 * connected to (no rebinding between check and connect); redirects are followed by hand, each checked again.
 */
export interface HttpLimits {
  allow: HttpAllowList;
  /** Until the connection is open. */
  connectTimeoutMs: number;
  /** Until the whole answer has arrived, redirects included. */
  totalTimeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_HTTP_LIMITS: Omit<HttpLimits, 'allow'> = { connectTimeoutMs: 5_000, totalTimeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };

export interface HttpCall {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  query: Record<string, string>;
  /** JSON text for a POST. */
  body?: string;
}

class Refused extends Error {
  constructor(readonly address: string) {
    super('refused');
  }
}

/** A lookup that answers only allowed addresses: Node connects to what it returns, nothing else. */
function guardedLookup(host: string, allow: HttpAllowList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const bad = list.find((entry) => !addressAllowed(entry.address, host, allow));
      // One refused address refuses the name: a name that answers both a public and a private address is
      // exactly the shape of a rebinding attempt.
      if (bad || list.length === 0) return callback(new Refused(bad?.address ?? hostname), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function targetOf(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw AppError.badRequest('dataInterface.httpUrlInvalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw AppError.badRequest('dataInterface.httpUrlInvalid');
  if (url.username || url.password) throw AppError.badRequest('dataInterface.httpUrlInvalid');
  return url;
}

interface Answer {
  status: number;
  location?: string;
  body: Buffer;
}

function once(url: URL, call: { method: string; headers: Record<string, string>; body?: string }, limits: HttpLimits, signal: AbortSignal): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address skips DNS, so it is checked here; names are checked in the lookup.
  if (isIP(host) && !addressAllowed(host, host, limits.allow)) return Promise.reject(new Refused(host));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: call.method,
        headers: { accept: 'application/json', ...call.headers, ...(call.body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(call.body)) } : {}) },
        lookup: guardedLookup(host, limits.allow),
        signal,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location, body: Buffer.alloc(0) });
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          request.destroy();
          return reject(AppError.badRequest('dataInterface.httpTooLarge', { max: Math.round(limits.maxBytes / 1024 / 1024) }));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            request.destroy();
            reject(AppError.badRequest('dataInterface.httpTooLarge', { max: Math.round(limits.maxBytes / 1024 / 1024) }));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    const connectTimer = setTimeout(() => request.destroy(new Error('connect timeout')), limits.connectTimeoutMs);
    request.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    request.on('close', () => clearTimeout(connectTimer));
    request.on('error', reject);
    request.end(call.body);
  });
}

/** Calls the interface's URL and answers its JSON; refusals, timeouts and failures as translated errors. */
export async function fetchJson(call: HttpCall, limits: HttpLimits): Promise<unknown> {
  let url = targetOf(call.url);
  for (const [name, value] of Object.entries(call.query)) url.searchParams.set(name, value);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.totalTimeoutMs);
  let method = call.method;
  let body = call.body;
  let headers = call.headers;
  try {
    for (let hop = 0; ; hop++) {
      let answer: Answer;
      try {
        answer = await once(url, { method, headers, body }, limits, controller.signal);
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof Refused || (error as { cause?: unknown }).cause instanceof Refused) throw AppError.badRequest('dataInterface.httpRefused', { host: url.hostname });
        if (controller.signal.aborted || (error as Error).message === 'connect timeout') throw AppError.badRequest('dataInterface.httpTimeout');
        throw AppError.badRequest('dataInterface.httpFailed', { reason: (error as { code?: string }).code ?? 'network' });
      }
      if (answer.location !== undefined) {
        if (hop >= limits.maxRedirects) throw AppError.badRequest('dataInterface.httpTooManyRedirects');
        const next = targetOf(new URL(answer.location, url).toString());
        // The administrator's headers (a key, a token) are meant for the interface's own site only.
        if (next.origin !== url.origin) headers = {};
        url = next;
        // 303 (and 301/302 by custom) turn a POST into a GET without body; 307/308 keep both.
        if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) throw AppError.badRequest('dataInterface.httpStatus', { status: answer.status });
      try {
        return JSON.parse(answer.body.toString('utf8'));
      } catch {
        throw AppError.badRequest('dataInterface.httpNotJson');
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
