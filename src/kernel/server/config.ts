import path from 'node:path';
import { DEFAULT_PORT } from '../../shared/constants.js';
import { ssoSettingsFromEnv, type SsoSettings } from './ssoSettings.js';

/** Everything the server reads from its environment, read once and validated (README lists the variables). */
export interface ServerConfig {
  port: number;
  host: string;
  /** postgres://… puts the server on PostgreSQL; unset means embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  adminPassword?: string;
  demoUserPassword?: string;
  /** Minutes a session lives without use. */
  sessionIdleMinutes: number;
  /** Largest request body, in bytes (uploads have their own limit). */
  bodyLimit: number;
  clientDir: string;
  logLevel: string;
  /** LOG_CAPTCHA_ANSWERS=1 writes captcha answers to the log, for browser tests; never on PostgreSQL (production). */
  logCaptchaAnswers: boolean;
  /** Single sign-on over OpenID Connect, when SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET are set. */
  sso?: SsoSettings;
  /** Web clients served from other origins that may call the API (CORS_ORIGINS); none by default. */
  corsOrigins: readonly string[];
  /** METRICS_PORT: Prometheus's text at /metrics on this port too, without a session (bound to METRICS_HOST). */
  metricsPort?: number;
  metricsHost: string;
}

export const EMBEDDED_DEFAULT_PASSWORDS = { admin: 'admin123456', demoUser: 'demo123456' } as const;

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/**
 * CORS_ORIGINS: origins, comma-separated, exactly as a browser sends them (`https://lab.example.org`,
 * `http://localhost:8080`). Anything else (a path, a wildcard) stops the start: a wrong entry would silently
 * leave a client blocked, or a wildcard open the API to every site.
 */
function originsFrom(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    // A wildcard host (https://*.example.org) parses as a host named "*…", which no browser sends: refused too.
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin || origin.includes('*')) throw new Error(`CORS_ORIGINS must list origins such as https://lab.example.org, got "${origin}"`);
  }
  return origins;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    port: intFrom(env.PORT, DEFAULT_PORT, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoUserPassword: env.DEMO_USER_PASSWORD || undefined,
    sessionIdleMinutes: intFrom(env.SESSION_IDLE_MINUTES, 480, 'SESSION_IDLE_MINUTES'),
    bodyLimit: intFrom(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    clientDir: path.resolve(env.CLIENT_DIR || './dist/client'),
    logLevel: env.LOG_LEVEL || 'info',
    sso: ssoSettingsFromEnv(env),
    logCaptchaAnswers: env.LOG_CAPTCHA_ANSWERS === '1' && !databaseUrl,
    corsOrigins: originsFrom(env.CORS_ORIGINS),
    metricsPort: env.METRICS_PORT ? intFrom(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined,
    // Loopback unless said otherwise: the port has no session check, so only what runs beside the server reads it.
    metricsHost: env.METRICS_HOST || '127.0.0.1',
  };
}
