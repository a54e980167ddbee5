/**
 * Request schemas every module's named records and lists share. Lengths here are generous limits on what is read at all; the
 * services check the spec's own limits (50 characters) and answer with its messages.
 */
export const idParams = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 50 } } } as const;

/** fullName, enCode, sortCode, enabledMark, description: the fields every named record of the system has. */
export const namedRecordProperties = {
  fullName: { type: 'string', maxLength: 200 },
  enCode: { type: 'string', maxLength: 200 },
  sortCode: { type: ['integer', 'string', 'null'] },
  enabledMark: { type: 'integer', enum: [0, 1] },
  description: { type: ['string', 'null'], maxLength: 500 },
} as const;

/** JNPF's lists send enabledMark= (empty) for "any state": a string, so it is not coerced to 0. */
export const enabledMarkFilter = { type: 'string', enum: ['', '0', '1'] } as const;

/**
 * The paging parameters of every JNPF list. Numbers are bounded here so a huge page number is refused as bad
 * input instead of reaching the database; listQuery clamps what passes.
 */
export const listQueryProperties = {
  keyword: { type: 'string', maxLength: 100 },
  currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: 10_000 },
  sidx: { type: 'string', maxLength: 50 },
  sort: { type: 'string', enum: ['asc', 'desc', 'ASC', 'DESC'] },
} as const;
