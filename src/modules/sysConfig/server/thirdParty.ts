import { AppError } from '../../../kernel/server/appError.js';

/**
 * DingTalk and WeCom, as far as the system configuration reaches them: asking for an access token with the
 * configured credentials is the connection test, and the first step of every synchronisation. Each call gives up
 * after `timeoutMs` (a few seconds, far below the client's 100,000 ms for these calls), so an unreachable
 * platform answers a translated "cannot reach" instead of hanging the page.
 */
export type Platform = 'dingTalk' | 'weCom';

export interface ThirdPartyOptions {
  /** Where the platforms' APIs are: their public hosts by default; a test points them at an unroutable address. */
  dingTalkBase: string;
  weComBase: string;
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_MS = 8_000;
const MAX_TIMEOUT_MS = 30_000;

/** The endpoints from the environment (LABCODE_DINGTALK_API, LABCODE_WECOM_API, LABCODE_THIRD_PARTY_TIMEOUT_MS). */
export function thirdPartyOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ThirdPartyOptions {
  const timeout = Number(env.LABCODE_THIRD_PARTY_TIMEOUT_MS);
  return {
    dingTalkBase: env.LABCODE_DINGTALK_API || 'https://oapi.dingtalk.com',
    weComBase: env.LABCODE_WECOM_API || 'https://qyapi.weixin.qq.com',
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, MAX_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS,
  };
}

const MESSAGES = {
  dingTalk: { unreachable: 'sysConfig.dingTalkUnreachable', refused: 'sysConfig.dingTalkRefused' },
  weCom: { unreachable: 'sysConfig.weComUnreachable', refused: 'sysConfig.weComRefused' },
} as const;

export interface Credentials {
  /** DingTalk: AppKey; WeCom: CorpId. */
  id: string;
  /** DingTalk: AppSecret; WeCom: the agent's or the address book's Secret. */
  secret: string;
}

function tokenUrl(options: ThirdPartyOptions, platform: Platform, credentials: Credentials): URL {
  const url = platform === 'dingTalk' ? new URL('/gettoken', options.dingTalkBase) : new URL('/cgi-bin/gettoken', options.weComBase);
  url.searchParams.set(platform === 'dingTalk' ? 'appkey' : 'corpid', credentials.id);
  url.searchParams.set(platform === 'dingTalk' ? 'appsecret' : 'corpsecret', credentials.secret);
  return url;
}

/** Asks the platform for an access token; throws a translated error when it cannot be reached or refuses. */
export async function requestAccessToken(options: ThirdPartyOptions, platform: Platform, credentials: Credentials): Promise<string> {
  let body: { errcode?: number; errmsg?: string; access_token?: string };
  try {
    const response = await fetch(tokenUrl(options, platform, credentials), { signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' });
    body = (await response.json()) as typeof body;
  } catch (error) {
    // Refused, unroutable, timed out, or an answer that is not the platform's JSON: all read as unreachable.
    throw AppError.badRequest(MESSAGES[platform].unreachable);
  }
  if (body.errcode !== 0 || !body.access_token) throw AppError.badRequest(MESSAGES[platform].refused, { detail: String(body.errmsg ?? body.errcode ?? '').slice(0, 200) });
  return body.access_token;
}
