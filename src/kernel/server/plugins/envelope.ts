import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode, type Envelope } from '../../../shared/envelope.js';
import { languageFromAcceptLanguage, DEFAULT_LANGUAGE, type Language } from '../../../shared/language.js';
import { AppError } from '../appError.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { MULTIPART_FILE_LIMIT_BYTES } from '../uploadLimits.js';
import { isApiRequest } from './apiPath.js';
import { allMessages, translate, type MessageKey, type MessageParams } from '../locales/messages.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language: Accept-Language, else zh. */
    language: Language;
    t(key: MessageKey, params?: MessageParams): string;
  }
}

/**
 * Every answer under /api is the envelope {code, msg, data}, also every failure. HTTP status stays 200 for
 * envelope answers, as JNPF's own server does, so its existing clients read `code`; the code says what happened
 * (docs/api.md). Nothing internal (stack, SQL, driver text) ever reaches the caller; it goes to the log.
 */
export function notFoundEnvelope(request: FastifyRequest): Envelope<null> {
  const path = request.url.split('?')[0];
  return { code: ResultCode.notFound, msg: request.t('error.notFound', { method: request.method, url: path }), data: null };
}

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: ResultCode.success, msg, data };
}

function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && allMessages().has(value);
}

function translateError(request: FastifyRequest, error: AppError): string {
  const params: MessageParams = { ...error.params };
  if (isMessageKey(params.reason)) params.reason = request.t(params.reason, error.params);
  return request.t(error.messageKey, params);
}

/** Turns an ajv error of a route schema into "parameter X is invalid: reason" in the caller's language. */
function validationError(error: FastifyError): AppError {
  const first = error.validation?.[0];
  const context = error.validationContext ?? 'body';
  const missing = first?.keyword === 'required' ? String((first.params as { missingProperty?: string }).missingProperty) : undefined;
  const pathField = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  const field = missing ?? (pathField || context);
  const params = (first?.params ?? {}) as Record<string, unknown>;
  switch (first?.keyword) {
    case 'required':
      return AppError.validation(field, 'validation.required');
    case 'maxLength':
      return AppError.validation(field, 'validation.tooLong', { limit: Number(params.limit) });
    case 'minLength':
      return Number(params.limit) === 1 ? AppError.validation(field, 'validation.required') : AppError.validation(field, 'validation.tooShort', { limit: Number(params.limit) });
    case 'pattern':
    case 'format':
      return AppError.validation(field, 'validation.pattern');
    case 'type':
      return AppError.validation(field, 'validation.type', { type: String(params.type) });
    case 'enum':
      return AppError.validation(field, 'validation.enum', { values: ((params.allowedValues as unknown[]) ?? []).join(', ') });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return AppError.validation(field, 'validation.range');
    default:
      return AppError.validation(field, 'validation.invalid');
  }
}

/**
 * PostgreSQL error classes: 22 data exception (a value the column cannot hold: out of range, malformed), 23
 * integrity (a unique key taken), 08 connection, 57P admin shutdown, 53 resources. Route schemas should refuse
 * such values first; this is the net under them.
 */
function databaseError(error: { code?: unknown }): AppError | undefined {
  const sqlState = typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;
  if (!sqlState) return undefined;
  if (sqlState.startsWith('22')) return AppError.badRequest('error.badRequest');
  if (sqlState.startsWith('23')) return new AppError(ResultCode.conflict, 'error.conflict');
  if (sqlState.startsWith('08') || sqlState.startsWith('57P') || sqlState.startsWith('53')) return new AppError(ResultCode.serviceUnavailable, 'error.database');
  return new AppError(ResultCode.serverError, 'error.server');
}

export function toAppError(error: FastifyError, request: { bodyLimit: number; contentType: string }): AppError {
  if (error instanceof AppError) return error;
  if (error.validation) return validationError(error);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return AppError.badRequest('error.invalidJson');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return AppError.badRequest('error.emptyJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ResultCode.payloadTooLarge, 'error.tooLarge', { limit: fileSize(request.bodyLimit) });
    case 'FST_REQ_FILE_TOO_LARGE':
      // Routes read files with their own limits and say them; this is the multipart ceiling's refusal.
      return new AppError(ResultCode.payloadTooLarge, 'upload.tooLarge', { limit: fileSize(MULTIPART_FILE_LIMIT_BYTES) });
    // A multipart body over its part limits is cut off mid-stream; the reader then sees the stream close early.
    case 'ERR_STREAM_PREMATURE_CLOSE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return AppError.badRequest('error.badRequest');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(ResultCode.unsupportedMediaType, 'error.unsupportedType', { type: request.contentType.slice(0, 100) });
    default:
      break;
  }
  if (error instanceof SyntaxError) return AppError.badRequest('error.badRequest');
  const byStatus = clientStatusError(error.statusCode);
  if (byStatus) return byStatus;
  return databaseError(error) ?? new AppError(ResultCode.serverError, 'error.server');
}

/** A library's refusal carrying an HTTP 4xx (a static file outside its root, say) is the caller's mistake, not ours. */
function clientStatusError(status: number | undefined): AppError | undefined {
  if (!status || status < 400 || status >= 500) return undefined;
  if (status === 403 || status === 404) return new AppError(ResultCode.notFound, 'upload.notFound');
  if (status === 413) return new AppError(ResultCode.payloadTooLarge, 'error.badRequest');
  if (status === 415) return new AppError(ResultCode.unsupportedMediaType, 'error.badRequest');
  return AppError.badRequest('error.badRequest');
}

export const envelopePlugin = fp(async (app: FastifyInstance, options: { bodyLimit: number }) => {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: MessageParams) {
    return translate(this.language, key, params);
  });
  // Hooks on every request are plain callbacks, not async functions: nothing here waits, and a promise per hook
  // per request is measurable on a list API (issue 15).
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
    done();
  });
  // API answers are about one user at one moment: no browser or proxy may keep them (a route that means to be
  // cached, like an avatar image, says so itself).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, { bodyLimit: options.bodyLimit, contentType: String(request.headers['content-type'] ?? '') });
    // Session refusals (600-602) are the caller's state, not a fault of ours: logged as refusals, without a stack.
    const serverFault = appError.code >= 500 && appError.code < ResultCode.sessionExpired;
    if (serverFault) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, key: appError.messageKey }, 'request refused');
    const message = translateError(request, appError);
    return reply.status(200).type('application/json; charset=utf-8').send({ code: appError.code, msg: message, data: appError.data });
  });
});
