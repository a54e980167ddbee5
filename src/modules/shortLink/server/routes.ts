import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { SignInService } from '../../../kernel/server/sessions.js';
import { AppError } from '../../../kernel/server/appError.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { submitRecord, submittedValues } from '../../onlineData/server/public.js';
import { WEB_DESIGN_MENU } from '../../visualdev/server/public.js';
import { fieldsNeedingSignIn, linkSettings, openLink, passFor, requirePass, saveLinkSettings, type LinkSettingsInput } from './service.js';
import { ResultCode } from '../../../shared/envelope.js';

/**
 * The short-link calls at JNPF's paths under /api/visualdev/ShortLink: the settings (功能设计's page and buttons),
 * and the four a visitor's page makes without signing in — the link's state, the password check, the form, the
 * submission. The visitor's calls name the link by its code; a password link's calls carry the pass checkPwd gave
 * (header x-short-link-pass, or `pass` in the query or body).
 */
const BASE = '/api/visualdev/ShortLink';
const can = buttonsOf(WEB_DESIGN_MENU);
const opens = { config: { permission: { menu: WEB_DESIGN_MENU } } };
const open = { config: { public: true } };

const PASSWORD_TRIES = { max: 10, windowSeconds: 300 };
const SUBMISSIONS = { max: 10, windowSeconds: 600 };
/** Opening a link (its state, its form): a person opens a few; a script walking codes is cut. */
const READS = { max: 60, windowSeconds: 60 };

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 50 } } } as const;
const codeParams = { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 40 } } } as const;
const passQuery = { type: 'object', properties: { encryption: { type: 'string', maxLength: 200 } } } as const;

// The pass travels in a header (or a submission's body), never in an address: addresses reach the logs.
type PassRequest = { headers: Record<string, unknown>; body?: unknown };
const passOf = (request: PassRequest): string | undefined => {
  const header = request.headers['x-short-link-pass'];
  if (typeof header === 'string' && header) return header;
  const fromBody = (request.body as { pass?: unknown } | undefined)?.pass;
  return typeof fromBody === 'string' ? fromBody : undefined;
};

export async function shortLinkRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; signIn: SignInService }): Promise<void> {
  const { db, signIn } = ctx;

  app.get<{ Params: { code: string } }>(`${BASE}/getConfig/:code`, { ...open, schema: { params: codeParams, querystring: passQuery } }, async (request) => {
    await signIn.countAddressRequest(db, 'shortLinkRead', request.ip, READS);
    const { row, fullName } = await openLink(db, request.params.code);
    return ok({ fullName, formUse: 1, formPassUse: row.form_pass_use, expiryTime: row.expires_at ? row.expires_at.getTime() : null });
  });

  app.post<{ Body: { encryption?: string; id?: string; password?: string } }>(
    `${BASE}/checkPwd`,
    { ...open, schema: { body: { type: 'object', properties: { encryption: { type: 'string', maxLength: 40 }, id: { type: 'string', maxLength: 40 }, password: { type: 'string', maxLength: 64 } } } } },
    async (request) => {
      const code = request.body.encryption || request.body.id;
      if (!code) throw AppError.badRequest('shortLink.notFound');
      if (!request.body.password) throw AppError.badRequest('shortLink.passwordRequired');
      await signIn.countAddressRequest(db, 'shortLinkPassword', request.ip, PASSWORD_TRIES);
      const { row } = await openLink(db, code);
      return ok({ pass: await passFor(row, request.body.password) });
    },
  );

  app.get<{ Params: { code: string } }>(`${BASE}/:code/Config`, { ...open, schema: { params: codeParams, querystring: passQuery } }, async (request) => {
    await signIn.countAddressRequest(db, 'shortLinkRead', request.ip, READS);
    const { row, fullName, definition } = await openLink(db, request.params.code);
    requirePass(row, passOf(request));
    return ok({ fullName, formData: JSON.stringify(definition) });
  });

  app.post<{ Params: { code: string }; Body: { data?: unknown; captchaId?: string; captchaCode?: string; pass?: string } }>(
    `${BASE}/:code`,
    {
      ...open,
      schema: {
        params: codeParams,
        body: { type: 'object', properties: { data: {}, captchaId: { type: 'string', maxLength: 64 }, captchaCode: { type: 'string', maxLength: 10 }, pass: { type: 'string', maxLength: 200 } } },
      },
    },
    async (request) => {
      // Counted first: a refused submission costs the address its try before any work is done for it.
      await signIn.countAddressRequest(db, 'shortLinkSubmit', request.ip, SUBMISSIONS);
      const { row } = await openLink(db, request.params.code);
      requirePass(row, passOf(request));
      const values = submittedValues(request.body);
      // The captcha is sign-in's (ctx.signIn, decision 205): the same picture as the sign-in page's.
      if (!(await signIn.consumeCaptcha(db, request.body.captchaId, request.body.captchaCode))) throw AppError.badRequest('shortLink.captchaWrong');
      // The design submitted to is the one checked: a release since the link was opened may have added a field a
      // visitor cannot fill, which closes the link.
      const id = await submitRecord(db, row.id, values, row.owner_user_id, request.language, (definition) => {
        if (fieldsNeedingSignIn(definition).length) throw new AppError(ResultCode.notFound, 'shortLink.notFound');
      });
      return ok({ id }, request.t('common.created'));
    },
  );

  // The settings, for whoever designs: read with the page, changed with its edit button.
  app.get<{ Params: { id: string } }>(`${BASE}/:id`, { ...opens, schema: { params: idParams } }, async (request) => ok(await linkSettings(db, request.params.id)));
  app.put<{ Body: LinkSettingsInput }>(
    BASE,
    {
      ...can('btn_edit'),
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 50 },
            formUse: { type: 'integer', enum: [0, 1] },
            formPassUse: { type: 'integer', enum: [0, 1] },
            formPassword: { type: ['string', 'null'], maxLength: 64 },
            expiryTime: { type: ['integer', 'null'], minimum: 0, maximum: 8_640_000_000_000_000 },
          },
        },
      },
    },
    async (request) => ok(await saveLinkSettings(db, request.body, request.session!.userId), request.t('common.updated')),
  );
}
