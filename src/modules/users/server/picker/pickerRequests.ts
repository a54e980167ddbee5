import type { FastifyRequest } from 'fastify';

/** What the picker calls accept: a keyword and a page, and the ids or the organisation, position or role they are about. */
const pageProperties = {
  keyword: { type: ['string', 'null'], maxLength: 100 },
  currentPage: { type: ['integer', 'string', 'null'] },
  pageSize: { type: ['integer', 'string', 'null'] },
} as const;
const idArray = { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 120 } } as const;
const objectId = { type: 'string', maxLength: 50 } as const;

export type PageBody = { keyword?: string | null; currentPage?: number | string | null; pageSize?: number | string | null } | null;
export type StoredIdsBody = PageBody & { userId?: string[]; ids?: string[] };
export type OrganizeFilter = PageBody & { organizeId?: string };
export type PositionFilter = PageBody & { positionId?: string };
export type RoleFilter = PageBody & { roleId?: string; organizeId?: string };
export type ConditionBody = PageBody & { departIds?: string[]; positionIds?: string[]; roleIds?: string[]; groupIds?: string[]; userIds?: string[] };

export const pageQuery = { type: 'object', properties: pageProperties } as const;
export const pageBody = { type: ['object', 'null'], properties: pageProperties } as const;
export const userIdsBody = { type: ['object', 'null'], properties: { userId: idArray } } as const;
export const storedIdsBody = { type: ['object', 'null'], properties: { ...pageProperties, userId: idArray, ids: idArray } } as const;
export const organizeQuery = { type: 'object', properties: { ...pageProperties, organizeId: objectId } } as const;
export const organizeBody = { type: ['object', 'null'], properties: { ...pageProperties, organizeId: objectId } } as const;
export const positionQuery = { type: 'object', properties: { ...pageProperties, positionId: objectId } } as const;
export const roleQuery = { type: 'object', properties: { ...pageProperties, roleId: objectId, organizeId: objectId } } as const;
export const conditionBody = { type: ['object', 'null'], properties: { ...pageProperties, departIds: idArray, positionIds: idArray, roleIds: idArray, groupIds: idArray, userIds: idArray } } as const;

/** The signed-in user the picker is open for. */
export const callerId = (request: FastifyRequest) => request.session!.userId;
