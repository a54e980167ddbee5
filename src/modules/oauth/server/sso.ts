import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { SsoSettings } from '../../../kernel/server/ssoSettings.js';
import { issueSsoTicket } from './loginTickets.js';

/**
 * Single sign-on over standard OpenID Connect (spec 000 §2 /sso, §7 grant type keycloak): the authorization-code
 * flow with PKCE, state and nonce, through openid-client. Keycloak is one such provider; any certified one works.
 * The identity's preferred_username (or the claim SSO_USERNAME_CLAIM names) must equal a main account's name.
 */

const STATE_TTL_MS = 10 * 60_000;
export const SSO_CALLBACK_PATH = '/api/oauth/sso/callback';

export type SsoOutcome = { ticket: string; redirect: string } | { error: 'state' | 'provider' | 'noAccount'; redirect: string };

export function createSso(settings: SsoSettings, db: Kysely<DB>) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, settings.allowInsecure ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        // A provider that was down must be asked again next time, not remembered as broken.
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    /** Where to send the browser: the provider's authorization endpoint, with the state kept for the callback. */
    async authorizationUrl(origin: string, redirect: string): Promise<string> {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = randomBytes(24).toString('base64url');
      const nonce = randomBytes(24).toString('base64url');
      await db.deleteFrom('auth_sso_state').where('expires_at', '<', new Date()).execute();
      await db.insertInto('auth_sso_state').values({ state, code_verifier: codeVerifier, nonce, redirect, expires_at: new Date(Date.now() + STATE_TTL_MS) }).execute();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: `${settings.publicUrl ?? origin}${SSO_CALLBACK_PATH}`,
          scope: 'openid profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    /**
     * The provider came back: check state, exchange the code, find the account, issue a one-time ticket.
     * The callback address is rebuilt on the public origin, as sent in the authorization request: behind a proxy
     * the request's own origin differs, and the token endpoint compares redirect_uri exactly.
     */
    async callback(pathAndQuery: string, origin: string, log: { warn(obj: unknown, msg: string): void }): Promise<SsoOutcome> {
      const currentUrl = new URL(pathAndQuery, settings.publicUrl ?? origin);
      const state = currentUrl.searchParams.get('state') ?? '';
      const saved = state ? await db.deleteFrom('auth_sso_state').where('state', '=', state).returningAll().executeTakeFirst() : undefined;
      if (!saved || new Date(saved.expires_at).getTime() < Date.now()) return { error: 'state', redirect: '/' };
      if (currentUrl.searchParams.has('error')) return { error: 'provider', redirect: saved.redirect };
      let username: unknown;
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), currentUrl, {
          pkceCodeVerifier: saved.code_verifier,
          expectedState: saved.state,
          expectedNonce: saved.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        username = claims?.[settings.usernameClaim];
        // Providers may keep profile claims out of the ID token (oidc-provider does by default); ask userinfo.
        if (username === undefined && claims?.sub) {
          const info = await oidc.fetchUserInfo(await configuration(), tokens.access_token, claims.sub);
          username = info[settings.usernameClaim];
        }
      } catch (error) {
        log.warn({ err: error }, 'SSO code exchange failed');
        return { error: 'provider', redirect: saved.redirect };
      }
      if (typeof username !== 'string' || !username) return { error: 'noAccount', redirect: saved.redirect };
      const user = await db
        .selectFrom('base_user')
        .select('id')
        .where((eb) => eb.fn('lower', ['account']), '=', username.toLowerCase())
        .where('parent_user_id', 'is', null)
        .where('enabled_mark', '=', 1)
        .executeTakeFirst();
      if (!user) return { error: 'noAccount', redirect: saved.redirect };
      return { ticket: await issueSsoTicket(db, user.id), redirect: saved.redirect };
    },
  };
}

export type Sso = ReturnType<typeof createSso>;
