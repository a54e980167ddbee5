import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (Content-Security-Policy, frame, referrer, HSTS...) on every answer.
 *
 * Our helmet options depend on nothing in the request, so the headers are the same for every answer: helmet
 * writes them once, at start, into a recorder, and each request copies them. @fastify/helmet instead built
 * helmet's middleware anew on every request (parsing the CSP directives each time), about 2–3% of a list call's
 * CPU (issue 15). helmet stays the one source of what the headers say.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const set: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // helmet's one removal is X-Powered-By, which Fastify never sends: nothing to repeat per request.
    removeHeader(name: string) {
      delete set[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return set;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
