import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../shared/envelope.js';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage } from '../../../shared/language.js';
import { AppError } from '../appError.js';
import { translate } from '../locales/messages.js';
import type { Authenticate } from '../sessions.js';

/**
 * Failures Fastify meets before a route is chosen: an address that cannot be decoded (Fastify's frameworkErrors)
 * and a request Node cannot even parse, such as oversized headers (clientErrorHandler). Both answer the envelope
 * like everything else, and an anonymous caller hears "sign in" first, so malformed addresses cannot be used to map
 * the API.
 */
export function frameworkErrorHandler(authenticate: Authenticate) {
  return (_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const language = languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
    const send = (error: AppError) => {
      void reply.status(200).type('application/json; charset=utf-8').header('cache-control', 'no-store').send({ code: error.code, msg: translate(language, error.messageKey, error.params), data: null });
    };
    const badUrl = AppError.badRequest('error.badUrl');
    // An address that cannot be decoded cannot be told API or page (`/%61pi/...` is the API): it is treated as the
    // API, so an anonymous caller hears "sign in" first.
    authenticate(request.headers.authorization).then(
      () => send(badUrl),
      (refusal: unknown) => send(refusal instanceof AppError ? refusal : badUrl),
    );
  };
}

/** Node could not parse the request: answer an envelope on the raw socket, then close it. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    code: tooLarge ? ResultCode.headersTooLarge : ResultCode.badRequest,
    msg: translate(DEFAULT_LANGUAGE, tooLarge ? 'error.headersTooLarge' : 'error.badRequest'),
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
