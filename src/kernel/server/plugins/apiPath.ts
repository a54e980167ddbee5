import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is for the API. Decided by the route it reached, not by the address as sent: the router
 * decodes the path before matching, so `/%61pi/...` reaches an /api route although its raw address does not start
 * with /api. For an address no route matched, the decoded path decides, and one that cannot be decoded counts as
 * the API (the stricter answer: a session is asked for first).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  if (pattern) return isApiPath(pattern);
  const raw = request.url.split('?')[0];
  try {
    return isApiPath(decodeURIComponent(raw));
  } catch {
    return true;
  }
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
