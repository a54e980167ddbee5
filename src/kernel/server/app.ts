import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Database } from './db/database.js';
import { requestSerializer } from './logRedaction.js';
import { envelopePlugin, notFoundEnvelope } from './plugins/envelope.js';
import { MULTIPART_FILE_LIMIT_BYTES } from './uploadLimits.js';
import { sessionPlugin } from './plugins/session.js';
import { securityHeadersPlugin } from './plugins/securityHeaders.js';
import { permissionPlugin } from './plugins/permission.js';
import { corsPlugin } from './plugins/cors.js';
import { requestHygienePlugin } from './plugins/requestHygiene.js';
import { rateLimitPlugin } from './plugins/rateLimit.js';
import { isApiRequest } from './plugins/apiPath.js';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/transportErrors.js';
import { buildRouteValidator } from './routeValidators.js';
import type { Kysely } from 'kysely';
import type { DB } from './db/schema.js';
import { NO_SIGN_IN, type SignInService } from './sessions.js';
import type { SmsSender } from './smsSender.js';
import { registerMessages } from './locales/messages.js';
import { NO_GRANTS } from './grants.js';
import { createInfrastructure } from './infra/index.js';
import type { Metrics } from './infra/infrastructure.js';
import { requestMetricsPlugin } from './plugins/requestMetrics.js';
import type { AppModuleConfig, ModuleContext, ServerModule } from './module.js';
import { checkDeclaredPermissions, collectRoutePermissions } from './permissionCatalogue.js';

export interface AppOptions {
  config: AppModuleConfig;
  database: Database;
  logger?: boolean;
  /** Where SMS sign-in codes go; the default writes them to the server log. */
  smsSender?: SmsSender;
  /** Where the log goes instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** The modules to serve (the product's list is src/modules/serverModules.ts; src/app/server/labcode.ts passes it). */
  modules: readonly ServerModule[];
}

/**
 * The Content-Security-Policy the product runs under. No 'unsafe-eval' anywhere: the form runtime must work
 * without eval or new Function (guide, "Stack"). 'wasm-unsafe-eval' lets WebAssembly compile, and nothing else:
 * the upload's MD5 runs as WebAssembly (issue 34; JavaScript stays without eval). Inline styles are allowed because
 * antd writes its CSS-in-JS into <style> tags.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's metrics (infra/metrics.ts), for the separate metrics listener (METRICS_PORT). */
    metrics: Metrics;
  }
}

/** Tests build apps without a data directory: their files go to a scratch folder of their own. */
function scratchDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-files-'));
}

/** The sign-in module's service, or one that refuses every caller when no module provides sign-in. */
function signInOf(modules: readonly ServerModule[], db: Kysely<DB>, idleMinutes: number): SignInService {
  const provider = modules.find((module) => module.signIn);
  return provider?.signIn ? provider.signIn({ db, idleMinutes }) : NO_SIGN_IN;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const { modules } = options;
  const signIn = signInOf(modules, database.db, config.sessionIdleMinutes);
  const { authenticate } = signIn;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, serializers: { req: requestSerializer }, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: config.bodyLimit,
    trustProxy: options.config.trustProxy ?? false,
    // The envelope plugin answers malformed bodies; Fastify must not reply with its own shape first.
    return503OnClosing: true,
    // Request schemas use type unions (a sort code as number or string); allowing them is what they mean, and
    // it keeps ajv's strict mode from warning about each one at every start.
    // coerceTypes true, not Fastify's 'array': text still becomes the number or boolean a schema asks for (query
    // strings and JNPF's form fields are text), but an array or object is never taken for a scalar ([1] as 1).
    ajv: { customOptions: { allowUnionTypes: true, coerceTypes: true } },
    schemaController: { compilersFactory: { buildValidator: buildRouteValidator } },
    // GET routes must not run for HEAD: a HEAD on Logout would end the session, on BillNumber use up a number.
    exposeHeadRoutes: false,
    // Long path parameters reach the route, so the session check answers an anonymous caller first and the
    // route's schema refuses the length with its own message (the router's default of 100 answered a bare 414).
    routerOptions: { maxParamLength: 2000 },
    // One log line per request, written when it completes (below), instead of Fastify's two (incoming and
    // completed): the line costs as much as a small list query does (issue 15).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: frameworkErrorHandler(authenticate),
    clientErrorHandler,
  });
  const db = database.db;
  const startedAt = new Date();
  if (options.logger !== false) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
  }

  const corsOrigins = config.corsOrigins ?? [];
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // The embedded-link page (/externalLink) frames other sites; it must not require them to opt in.
    crossOriginEmbedderPolicy: false,
    // A client of another origin shows avatars and files with <img>, which a same-origin resource policy blocks.
    ...(corsOrigins.length ? { crossOriginResourcePolicy: { policy: 'cross-origin' as const } } : {}),
  });
  // Before the session check: a browser's preflight carries no Authorization, and is answered here.
  if (corsOrigins.length) await app.register(corsPlugin, { origins: corsOrigins });
  await app.register(envelopePlugin, { bodyLimit: config.bodyLimit });
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // Uploads set their own, smaller, limits per route; this is the ceiling.
  await app.register(multipart, { limits: { fileSize: MULTIPART_FILE_LIMIT_BYTES, files: 1, fields: 20 } });
  await app.register(sessionPlugin, { authenticate });
  await app.register(requestHygienePlugin);
  await app.register(rateLimitPlugin);

  const dataDir = config.dataDir ?? scratchDataDir();
  const infra = await createInfrastructure({ database, dataDir, log: app.log });
  app.addHook('onClose', async () => {
    await infra.close();
    if (!config.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await app.register(requestMetricsPlugin, { metrics: infra.metrics });
  app.decorate('metrics', infra.metrics);
  const grantsProvider = modules.find((module) => module.grants)?.grants;
  await app.register(permissionPlugin, { grants: grantsProvider ? grantsProvider({ db, infra }) : NO_GRANTS });

  // The messages of the modules served; serverModules.ts registers the list's own once at import, and a second
  // registration of the same table is no change.
  for (const module of modules) if (module.messages) registerMessages(module.messages);
  const ctx: ModuleContext = { db, database, config, log: app.log, infra, smsSender: options.smsSender, startedAt, moduleNames: modules.map((module) => module.name), signIn };
  const routePermissions = collectRoutePermissions(app);
  await app.register(async (api) => {
    for (const module of modules) await module.routes?.(api, ctx);
  });
  checkDeclaredPermissions(modules, routePermissions);
  // Modules made their caches above; on PostgreSQL their LISTENs must be in effect before the first request, or
  // an invalidation published meanwhile would be missed.
  await infra.events.listening();

  const indexHtml = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexHtml);
  if (hasClient) {
    const assetsDir = path.join(config.clientDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      // The built files under assets/ carry a hash of their content in their names (vite's build): a name never
      // changes content, so a browser keeps them a year without asking again, and a new build brings new names,
      // which index.html points to. Everything else (index.html, the manual) is asked again each time (its ETag
      // answers 304 when unchanged).
      cacheControl: false,
      // The build wrote a .br and a .gz beside each text file (scripts/precompress.ts): the browser gets the
      // smallest it accepts, compressed once at build time rather than per request (issue 34).
      preCompressed: true,
      setHeaders: (response, filePath) => {
        response.setHeader('cache-control', filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address answers brotli, gzip or plain by the request's Accept-Encoding: a shared cache (a proxy)
        // must keep them apart, which @fastify/static does not say itself.
        response.setHeader('vary', 'accept-encoding');
      },
    });
    app.get<{ Params: { '*': string } }>('/assets/*', (request, reply) => {
      // Built assets are flat file names; anything with a path in it is not one of ours.
      const name = request.params['*'];
      if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return reply.status(404).send(notFoundEnvelope(request));
      return reply.sendFile(`assets/${name}`);
    });
  }
  // The web app uses history routing: any non-API page path answers index.html and the client router takes over.
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiRequest(request);
    const wantsPage = !isApi && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0]);
    if (wantsPage && hasClient) return reply.sendFile('index.html');
    return reply.status(isApi ? 200 : 404).send(notFoundEnvelope(request));
  });
  return app;
}
