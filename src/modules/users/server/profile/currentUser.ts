/** What the signed-in user's own calls share (spec 000 §7, prefix /permission/Users/Current). */
export const CURRENT_USER_BASE = '/api/permission/Users/Current';

export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;

/** The session's user: every call under CURRENT_USER_BASE acts on this one only. */
export const currentUserId = (request: { session?: { userId: string } | null }): string => request.session!.userId;
