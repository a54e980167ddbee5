import { type Kysely, type Selectable, type Transaction } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { defineEntity } from '../../../kernel/server/crud/defineEntity.js';
import type { ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { enabledMarkOf, requiredText, sortCodeOf } from '../../../kernel/server/crud/namedRecord.js';
import { withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { MESSAGE_DATA_TYPES, MESSAGE_SOURCE_CODES, MESSAGE_TYPE_CODES } from './dataTypes.js';
import type { MessageTemplateTable } from './tables.js';
import { epochMs, userNames } from './userNames.js';

/**
 * Message templates (spec 001 §7 Message templates, JNPF's MessageTemplateConfig): a title and content whose
 * {parameter} placeholders are declared in the template's parameter list, so whoever sends with it knows what to
 * fill. A template and its parameters are written together in one transaction.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface TemplateParamInput {
  id?: string | null;
  field?: string;
  fieldName?: string;
}

export interface TemplateInput {
  fullName?: string;
  enCode?: string;
  templateType?: string | number;
  messageSource?: string | number;
  messageType?: string | number;
  title?: string;
  content?: string | null;
  templateCode?: string | null;
  sortCode?: number | string | null;
  enabledMark?: number;
  description?: string | null;
  templateParamList?: TemplateParamInput[];
}

/** The 消息模板 page: opening it reads templates, its buttons guard the writes. */
export const TEMPLATE_MENU = 'msgCenter.msgTemplate';

const templateBody = {
  type: 'object',
  properties: {
    fullName: { type: 'string', maxLength: 200 },
    enCode: { type: 'string', maxLength: 200 },
    templateType: { type: ['string', 'integer'], maxLength: 10 },
    messageSource: { type: ['string', 'integer'], maxLength: 10 },
    messageType: { type: ['string', 'integer'], maxLength: 10 },
    title: { type: 'string', maxLength: 1000 },
    content: { type: ['string', 'null'], maxLength: 100_000 },
    templateCode: { type: ['string', 'null'], maxLength: 200 },
    sortCode: { type: ['integer', 'string', 'null'] },
    enabledMark: { type: 'integer', enum: [0, 1] },
    description: { type: ['string', 'null'], maxLength: 500 },
    templateParamList: {
      type: ['array', 'null'],
      maxItems: 200,
      items: { type: 'object', properties: { id: { type: ['string', 'null'], maxLength: 50 }, field: { type: 'string', maxLength: 100 }, fieldName: { type: 'string', maxLength: 200 } } },
    },
  },
} as const;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** JNPF reserves codes containing MBXT for the system's own templates. */
const SYSTEM_CODE_MARK = 'MBXT';

const nameOf = (list: { enCode: string; fullName: string }[] | undefined, code: string) => list?.find((t) => t.enCode === code)?.fullName ?? code;

/** A page of templates as the list shows them. */
async function views(db: Db, rows: Selectable<MessageTemplateTable>[]) {
  const names = await userNames(db, rows.map((r) => r.creator_user_id));
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    templateType: r.template_type,
    messageSource: r.message_source,
    messageSourceName: nameOf(MESSAGE_DATA_TYPES['4'], r.message_source),
    messageType: r.message_type,
    messageTypeName: nameOf(MESSAGE_DATA_TYPES['1'], r.message_type),
    title: r.title,
    content: r.content ?? '',
    templateCode: r.template_code ?? '',
    sortCode: r.sort_code,
    enabledMark: r.enabled_mark,
    description: r.description ?? '',
    creatorUserId: r.creator_user_id,
    creatorUser: names.get(r.creator_user_id) ?? '',
    creatorTime: epochMs(r.created_at),
    lastModifyTime: epochMs(r.last_modify_time),
  }));
}

/** A template as the form reads it: with its parameters, read for this one template only. */
async function withParameters(view: Awaited<ReturnType<typeof views>>[number], db: Db) {
  const params = await db.selectFrom('base_msg_template_param').selectAll().where('template_id', '=', view.id).orderBy('sort_code').orderBy('field').execute();
  return {
    ...view,
    templateParamList: params.map((p) => ({ id: p.id, templateId: p.template_id, field: p.field, fieldName: p.field_name })),
    // SMS field mappings are not kept (no SMS platform is wired to the product).
    smsFieldList: [] as unknown[],
  };
}

export const templateListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', sortCode: 'sort_code', creatorTime: 'created_at', enabledMark: 'enabled_mark' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: {
    messageType: { column: 'message_type', searchType: 1 },
    messageSource: { column: 'message_source', searchType: 1 },
    templateType: { column: 'template_type', searchType: 1 },
    enabledMark: { column: 'enabled_mark', searchType: 1 },
  },
};

function validateParams(list: TemplateParamInput[] | undefined) {
  const params = (list ?? []).map((p) => ({ field: String(p.field ?? '').trim(), fieldName: String(p.fieldName ?? '').trim() }));
  const seen = new Set<string>();
  for (const p of params) {
    if (!PARAM_NAME.test(p.field) || p.field.length > 50) throw AppError.badRequest('message.paramInvalid', { field: p.field });
    if (!p.fieldName || p.fieldName.length > 50) throw AppError.badRequest('message.paramNameRequired', { field: p.field });
    if (seen.has(p.field.toLowerCase())) throw AppError.badRequest('message.paramDuplicate', { field: p.field });
    seen.add(p.field.toLowerCase());
  }
  return params;
}

function validate(input: TemplateInput) {
  const fullName = requiredText(input.fullName, { required: 'message.templateNameRequired', tooLong: 'message.templateNameTooLong' });
  const enCode = requiredText(input.enCode, { required: 'message.templateCodeRequired', tooLong: 'message.templateCodeTooLong' });
  const templateType = String(input.templateType ?? '0') === '1' ? '1' : '0';
  if (templateType !== '1' && enCode.toUpperCase().includes(SYSTEM_CODE_MARK)) throw AppError.badRequest('message.templateCodeReserved');
  const messageType = String(input.messageType ?? '');
  if (!MESSAGE_TYPE_CODES.includes(messageType)) throw AppError.badRequest('message.templateTypeInvalid');
  const messageSource = String(input.messageSource ?? '');
  if (!MESSAGE_SOURCE_CODES.includes(messageSource)) throw AppError.badRequest('message.templateSourceInvalid');
  const title = requiredText(input.title, { required: 'message.templateTitleRequired', tooLong: 'message.titleTooLong' }, 200);
  const content = typeof input.content === 'string' ? input.content : null;
  const params = validateParams(input.templateParamList);
  const declared = new Set(params.map((p) => p.field));
  for (const text of [title, content ?? '']) {
    for (const match of text.matchAll(PLACEHOLDER)) if (!declared.has(match[1]!)) throw AppError.badRequest('message.paramUndeclared', { field: match[1]! });
  }
  return {
    columns: {
      full_name: fullName,
      en_code: enCode,
      template_type: templateType,
      message_type: messageType,
      message_source: messageSource,
      title,
      content,
      template_code: typeof input.templateCode === 'string' && input.templateCode.trim() ? input.templateCode.trim().slice(0, 100) : null,
      sort_code: sortCodeOf(input.sortCode),
      enabled_mark: enabledMarkOf(input.enabledMark),
      description: typeof input.description === 'string' ? input.description.slice(0, 500) : null,
    },
    params,
  };
}

async function writeParams(trx: Transaction<DB>, templateId: string, params: { field: string; fieldName: string }[]) {
  await trx.deleteFrom('base_msg_template_param').where('template_id', '=', templateId).execute();
  if (params.length === 0) return;
  await trx
    .insertInto('base_msg_template_param')
    .values(params.map((p, index) => ({ id: newId(), template_id: templateId, field: p.field, field_name: p.fieldName, sort_code: index })))
    .execute();
}

/**
 * /api/message/MessageTemplateConfig: the list, the record (with its parameters) and the writes of the 消息模板
 * page. A template and its parameters are written in one transaction; the system's own templates (type 1) are not
 * deleted. Templates have no organisation or owner a data scheme would narrow by. Codes are unique, names are not.
 */
export const templates = defineEntity({
  table: 'base_msg_template',
  path: '/api/message/MessageTemplateConfig',
  menu: TEMPLATE_MENU,
  list: templateListSpec,
  queryProperties: { messageType: { type: 'string', maxLength: 10 }, messageSource: { type: 'string', maxLength: 10 }, templateType: { type: 'string', maxLength: 10 } },
  body: templateBody,
  messages: { notFound: 'message.templateNotFound' },
  unique: { code: 'message.templateCodeTaken' },
  scoped: false,
  // Its list never had column permissions; declaring it keeps the answer as it was.
  columnPermissions: false,
  stamps: ['creator', 'modifier', 'modifiedAt'],
  views,
  // The form reads the parameters; the list does not.
  info: withParameters,
  columns: async (_db, input: TemplateInput) => validate(input).columns,
  afterSave: (trx, id, input) => writeParams(trx, id, validate(input).params),
  beforeRemove: async (_trx, row) => {
    if (row.template_type === '1') throw AppError.badRequest('message.templateSystem');
  },
});

/** A copy named "<name>.副本<stamp>" with a code made unique the same way (JNPF's copy), as a custom template. */
export async function copyTemplate(db: Kysely<DB>, id: string, userId: string): Promise<string> {
  const source = await templates.get(db, id);
  const stamp = Date.now().toString(36);
  const suffix = `.副本${stamp}`;
  const copyId = newId();
  const enCode = `${source.enCode.replace(new RegExp(SYSTEM_CODE_MARK, 'gi'), '').slice(0, 50 - stamp.length - 1)}_${stamp}`;
  await withUniqueCode('message.templateCodeTaken', () =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('base_msg_template')
        .values({
          id: copyId,
          full_name: `${[...source.fullName].slice(0, 50 - [...suffix].length).join('')}${suffix}`,
          en_code: enCode,
          template_type: '0',
          message_type: source.messageType,
          message_source: source.messageSource,
          title: source.title,
          content: source.content || null,
          template_code: source.templateCode || null,
          sort_code: source.sortCode,
          enabled_mark: 0,
          description: source.description || null,
          creator_user_id: userId,
        })
        .execute();
      await writeParams(trx, copyId, source.templateParamList);
    }),
  );
  return copyId;
}
