import { defineModule } from '../../../kernel/server/module.js';
import { readSysConfig } from '../../sysConfig/server/public.js';
import { captchaRoutes } from './captchaRoutes.js';
import { oauthMessages } from '../locale/messages.js';
import { oauthRoutes } from './routes.js';
import { logSmsSender } from './smsSender.js';
import { authenticate, revokeOtherSessions } from './sessionStore.js';
import { consumeCaptcha } from './captchaStore.js';
import { clearAccountFailures } from './loginAttempts.js';
import { createSso } from './sso.js';
import * as addressRequests from './migrations/0008_oauth_address_requests.js';
import { countAddressRequest } from './addressLimits.js';

/**
 * Sign-in in every mode, sessions, the captcha and the lock screen (spec 000 §2, §7). What it records of each sign-in
 * goes to the users module's account log; what other modules may ask of sign-in is the SignInService it provides.
 */
export default defineModule({
  name: 'oauth',
  tables: ['auth_session', 'auth_login_attempt', 'auth_captcha', 'auth_sms_code', 'auth_login_ticket', 'auth_sso_state', 'auth_address_request'],
  messages: oauthMessages,
  migrations: { '0008_oauth_address_requests': addressRequests },
  signIn: ({ db, idleMinutes }) => ({
    authenticate: (authorization, options) => authenticate(db, authorization, idleMinutes, options?.touch ?? true),
    endSessions: (trx, userId, reason, keepTokenHash) => revokeOtherSessions(trx, userId, keepTokenHash, reason),
    forgetFailedSignIns: (trx, names) => clearAccountFailures(trx, names),
    consumeCaptcha,
    countAddressRequest: (db, bucket, ip, limit) => countAddressRequest(db, bucket, ip, limit),
  }),
  routes: async (app, ctx) => {
    const { db, config } = ctx;
    const loginSettings = async () => {
      const values = await readSysConfig(db, ['sysName', 'provider', 'contact']);
      return { sysName: values.sysName ?? 'LabCode', company: values.provider ?? '', contact: values.contact ?? '' };
    };
    const sso = config.sso ? createSso(config.sso, db) : undefined;
    await oauthRoutes(app, { db, idleMinutes: config.sessionIdleMinutes, sso, smsSender: ctx.smsSender ?? logSmsSender(ctx.log), loginSettings, events: ctx.infra.events });
    await captchaRoutes(app, { db, logCaptchaAnswers: config.logCaptchaAnswers });
  },
});
