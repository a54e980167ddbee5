/**
 * Who is calling: the kernel checks a session on every /api call, but what a session is and where it is kept is
 * the sign-in module's business. That module provides `sessions` in its definition (ServerModule.sessions); the
 * session plugin and the handler of undecodable addresses ask it.
 */
export interface SessionUser {
  tokenHash: string;
  userId: string;
  account: string;
  isAdministrator: boolean;
  locked: boolean;
  /** The initial password is unchanged while the policy forces a change: the API answers only what that needs. */
  passwordChangeDue: boolean;
}

/** The caller an Authorization header stands for; throws the AppError of a missing, unknown, ended or expired session. */
export type Authenticate = (authorization: string | undefined) => Promise<SessionUser>;
