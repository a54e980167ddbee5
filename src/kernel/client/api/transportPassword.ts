import { loadOnDemand } from './request.js';

/**
 * The hash a password travels as (spec 000 §7), loaded with its MD5 code only when a password is sent: sign-in,
 * unlock and password changes are rare moments, and spark-md5 was 4.6 kB gzip of every page's first scripts
 * (issue 15). If the code cannot load, the person sees the request-error toast, as for a failed call.
 */
export async function transportPassword(plain: string): Promise<string> {
  const { hashPasswordForTransport } = await loadOnDemand(() => import('../../../shared/passwordHash.js'));
  return hashPasswordForTransport(plain);
}
