import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../appError.js';

/**
 * Input no handler should ever see, refused as bad input before any handler runs (after the session check, so an
 * anonymous caller learns nothing but "sign in"):
 * - a NUL character anywhere in the address or a body string: PostgreSQL cannot store it in text, and no person
 *   types it;
 * - a query parameter given twice (`a=1&a=2`) where the route does not declare a list: handlers read one value.
 *
 * And one reading every route shares: an empty optional query parameter is no parameter. JNPF's list pages send
 * every filter, unset ones empty (`/api/permission/Users?…&gender=&enabledMark=`); without this an integer filter
 * refused them ("类型应为 integer") and a schema default never applied. A required parameter left empty stays, and
 * its schema refuses it.
 */
const NUL_IN_URL = /%00|\u0000/i;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

type QuerySchema = { properties?: Record<string, { type?: unknown }>; required?: readonly string[] } | undefined;
const querySchemaOf = (request: FastifyRequest) => request.routeOptions.schema?.querystring as QuerySchema;

function declaresList(request: FastifyRequest, key: string): boolean {
  const type = querySchemaOf(request)?.properties?.[key]?.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

const isRequired = (request: FastifyRequest, key: string) => querySchemaOf(request)?.required?.includes(key) ?? false;

export const requestHygienePlugin = fp(async (app: FastifyInstance) => {
  // Plain callbacks rather than async functions: nothing here waits (a promise per hook per request costs, issue 15).
  app.addHook('onRequest', (request, _reply, done) => {
    done(NUL_IN_URL.test(request.url) ? AppError.badRequest('error.controlCharacter') : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    for (const key in query) {
      if (Array.isArray(query[key]) && !declaresList(request, key)) return done(AppError.validation(key.slice(0, 50), 'validation.repeated'));
      if (query[key] === '' && !isRequired(request, key)) delete query[key];
    }
    done(containsNul(request.body) ? AppError.badRequest('error.controlCharacter') : undefined);
  });
});
