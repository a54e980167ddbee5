import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { envelopePlugin, notFoundEnvelope } from './plugins/envelope.js';
import { MULTIPART_FILE_LIMIT_BYTES } from './uploadLimits.js';
import { sessionPlugin } from './plugins/session.js';
import { fileRoutes } from './modules/file/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { oauthRoutes } from './modules/oauth/routes.js';
import { dictionaryRoutes } from './modules/system/dictionary/routes.js';
import { billRuleRoutes } from './modules/system/billRule/routes.js';
import { areaRoutes } from './modules/system/area/routes.js';
import { permissionRoutes } from './modules/permission/routes.js';
import { screenRoutes } from './modules/screens/routes.js';
import { currentUserRoutes } from './modules/permission/currentUser.js';
import { logSmsSender, type SmsSender } from './modules/oauth/smsSender.js';
import { createSso } from './modules/oauth/sso.js';
import { readSysConfig } from './modules/system/sysConfigStore.js';
import { userImageRoutes } from './modules/file/userImages.js';

export interface AppOptions {
  config: Pick<ServerConfig, 'bodyLimit' | 'sessionIdleMinutes' | 'clientDir' | 'logLevel' | 'sso'> & { trustProxy?: boolean; logCaptchaAnswers?: boolean };
  database: Database;
  logger?: boolean;
  /** Where SMS sign-in codes go; the default writes them to the server log. */
  smsSender?: SmsSender;
}

/**
 * The Content-Security-Policy the product runs under. No 'unsafe-eval' anywhere: the form runtime must work
 * without eval or new Function (guide, "Stack"). Inline styles are allowed because antd writes its CSS-in-JS
 * into <style> tags.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: options.config.trustProxy ?? false,
    // The envelope plugin answers malformed bodies; Fastify must not reply with its own shape first.
    return503OnClosing: true,
  });
  const db = database.db;
  const startedAt = new Date();

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // The embedded-link page (/externalLink) frames other sites; it must not require them to opt in.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(envelopePlugin, { bodyLimit: config.bodyLimit });
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // Uploads set their own, smaller, limits per route; this is the ceiling.
  await app.register(multipart, { limits: { fileSize: MULTIPART_FILE_LIMIT_BYTES, files: 1, fields: 20 } });
  await app.register(sessionPlugin, { db, idleMinutes: config.sessionIdleMinutes });

  const ctx = { db, idleMinutes: config.sessionIdleMinutes };
  const sso = config.sso ? createSso(config.sso, db) : undefined;
  const loginSettings = async () => {
    const values = await readSysConfig(db, ['sysName', 'provider', 'contact']);
    return { sysName: values.sysName ?? 'LabCode', company: values.provider ?? '', contact: values.contact ?? '' };
  };
  await app.register(async (api) => {
    await healthRoutes(api, { database, startedAt });
    await oauthRoutes(api, { ...ctx, sso, smsSender: options.smsSender ?? logSmsSender(app.log), loginSettings });
    await userImageRoutes(api, ctx);
    await fileRoutes(api, { ...ctx, logCaptchaAnswers: config.logCaptchaAnswers });
    await dictionaryRoutes(api, ctx);
    await billRuleRoutes(api, ctx);
    await areaRoutes(api, ctx);
    await permissionRoutes(api, ctx);
    await screenRoutes(api);
    await currentUserRoutes(api, ctx);
  });

  const indexHtml = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, { root: config.clientDir, wildcard: false, index: false });
    app.get('/assets/*', (request, reply) => reply.sendFile(request.url.split('?')[0].slice(1)));
  }
  // The web app uses history routing: any non-API page path answers index.html and the client router takes over.
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = !isApi && (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0]);
    if (wantsPage && hasClient) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(isApi ? 200 : 404).send(notFoundEnvelope(request));
  });
  return app;
}
