import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cross-origin calls from web clients served elsewhere (CORS_ORIGINS, none by default): a JNPF web client built
 * with an absolute API address runs on its own origin. Only the listed origins get an Access-Control-Allow-Origin;
 * any other origin's request is answered without one, so its browser keeps the answer from it.
 *
 * - Preflights are answered before the session check (they carry no Authorization), with the request headers the
 *   client asked for (JNPF's send Authorization, Content-Type and jnpf-origin; reflecting them keeps a client that
 *   adds one working) and the methods the API uses.
 * - No credentials: the API reads its token from the Authorization header, never from a cookie, so a listed
 *   origin gets nothing a cookie would have given it.
 * - Content-Disposition is exposed: a download's file name is in it.
 */
export const corsPlugin = fp(async (app: FastifyInstance, options: { origins: readonly string[] }) => {
  await app.register(cors, {
    origin: [...options.origins],
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    credentials: false,
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
});
