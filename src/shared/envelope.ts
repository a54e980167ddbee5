/**
 * The response envelope every API call answers: {code, msg, data}, code 200 for success (spec 000 §7).
 * The codes other than 200, 600, 601 and 602 are not fixed by the spec; ours mirror HTTP where one exists
 * so an operator reading a log knows them at once (docs/api.md lists them).
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const ResultCode = {
  success: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  headersTooLarge: 431,
  serverError: 500,
  serviceUnavailable: 503,
  /** No token, or a token whose time ran out: sign in again. */
  sessionExpired: 600,
  /** The session was ended on purpose: logout, revoked by an administrator, or the account was disabled. */
  sessionRevoked: 601,
  /** The Authorization header does not hold a token this server ever issued. */
  sessionInvalid: 602,
  /**
   * The initial password must be changed first (the policy forces it): every call but the change itself, the
   * session's info, the policy and sign-out answers this until it is. JNPF's clients show its message.
   */
  passwordChangeRequired: 605,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes that end the client's session (spec 000 §4, 001 §4): the token is dropped and the user goes to /login. */
export const SESSION_CODES: readonly number[] = [ResultCode.sessionExpired, ResultCode.sessionRevoked, ResultCode.sessionInvalid];

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).code === 'number' &&
    'msg' in (value as object)
  );
}
