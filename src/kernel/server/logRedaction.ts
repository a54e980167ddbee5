import type { FastifyRequest } from 'fastify';

/**
 * What the request log may say of an address. Session tokens travel in some addresses (JNPF's message websocket
 * puts the token in the path, the workflow page carries `?token=`), and a log is read by more people than a
 * session should be: those parts are masked before the line is written.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/websocket\/)[^/?#]+/i, '$1***')
    .replace(/([?&](?:token|jnpf_token|access_token|ticket|ticket_secret|code)=)[^&#]*/gi, '$1***');
}

/** pino's request serializer: Fastify's default fields, with the address redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
