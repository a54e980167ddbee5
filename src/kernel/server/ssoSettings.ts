/**
 * The single sign-on settings, read with the rest of the configuration (config.ts); the oauth module runs the
 * OpenID Connect flow with them. Kept here because configuration is read before any module is loaded.
 */
export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The address users reach the platform at; the callback is {publicUrl}/api/oauth/sso/callback. */
  publicUrl?: string;
  usernameClaim: string;
  /** Plain http to the provider is allowed only for a provider on this machine (tests, development). */
  allowInsecure: boolean;
}

/** SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET switch single sign-on on; all three or none. */
export function ssoSettingsFromEnv(env: NodeJS.ProcessEnv): SsoSettings | undefined {
  const { SSO_ISSUER: issuer, SSO_CLIENT_ID: clientId, SSO_CLIENT_SECRET: clientSecret } = env;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) throw new Error('SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET must be set together');
  const host = new URL(issuer).hostname;
  return {
    issuer,
    clientId,
    clientSecret,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    usernameClaim: env.SSO_USERNAME_CLAIM || 'preferred_username',
    allowInsecure: ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host),
  };
}
