import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { SORT_CODE_MAX, SORT_CODE_MIN } from '../../../shared/constants.js';
import { rules } from '../../../shared/validation/rules.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import { listQuery, PAGE_SIZE_MAX, type ListParams } from '../../../kernel/server/crud/listQuery.js';
import { shortLivedFiles, storeFile } from '../../file/server/public.js';
import { ImportRowError, type ImportColumn, type ImportRow, type ImportSpec } from '../../../kernel/server/import/importSpec.js';
import { importRoutes } from '../../../kernel/server/import/importRoutes.js';
import { writeRows } from '../../../kernel/server/import/workbook.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { ungrantedFields } from '../../../kernel/server/plugins/permission.js';
import { loadOrganizeIndex } from './userDirectory.js';
import { ACCOUNT_MAX_LENGTH, ACCOUNT_PATTERN, DESCRIPTION_MAX_LENGTH, EMAIL_MAX_LENGTH } from './userInput.js';
import { describeUsers } from './userRows.js';
import { USER_MENU, USERS_BASE, userListBase, userListQuery, userListSpec } from './userRoutes.js';
import { insertUser } from './userService.js';

/**
 * The users import and export (spec 000 §7 Users: TemplateDownload, ImportPreview, ImportData, ExportExceptionData,
 * ExportExcel) on the generic import. Organisations are named by their path ("公司/部门") or code, positions and
 * roles by name or code, as a person filling the sheet knows them. Imported accounts get a password nobody knows:
 * an administrator gives each one with ResetPassword.
 */
const GENDERS: Record<string, number> = { 男: 1, 女: 2, 保密: 3 };

export const userImportColumns: readonly ImportColumn[] = [
  { field: 'account', label: '账号', required: true, maxLength: ACCOUNT_MAX_LENGTH, example: 'zhangsan', validate: (v) => (ACCOUNT_PATTERN.test(v) ? undefined : { key: 'users.accountPattern' }) },
  { field: 'realName', label: '姓名', required: true, maxLength: 50, example: '张三' },
  { field: 'gender', label: '性别', example: '男', validate: (v) => (v in GENDERS ? undefined : { key: 'users.genderText' }) },
  { field: 'mobilePhone', label: '手机号', example: '13800000000', validate: (v) => (rules.mobile.test(v) ? undefined : { key: 'users.mobilePattern' }) },
  { field: 'email', label: '邮箱', maxLength: EMAIL_MAX_LENGTH, example: 'zhangsan@example.com', validate: (v) => (rules.email.test(v) ? undefined : { key: 'users.emailPattern' }) },
  { field: 'organize', formField: 'organizeId', label: '所属组织', required: true, maxLength: 500, example: '示例检测科技有限公司/分析测试部' },
  { field: 'position', formField: 'positionId', label: '岗位', maxLength: 50, example: '检测分析员' },
  { field: 'role', formField: 'roleId', label: '角色', maxLength: 500, example: '普通员工' },
  {
    field: 'sortCode',
    label: '排序',
    example: '0',
    validate: (v) => (/^\d+$/.test(v) && Number(v) >= SORT_CODE_MIN && Number(v) <= SORT_CODE_MAX ? undefined : { key: 'users.sortText' }),
  },
  { field: 'description', label: '说明', maxLength: DESCRIPTION_MAX_LENGTH, example: '' },
];

/** Which column a refusal of the user form concerns, so a failure names it. */
const FIELD_OF_KEY: Record<string, string> = {
  'users.accountTaken': 'account',
  'users.accountPattern': 'account',
  'users.mobilePattern': 'mobilePhone',
  'users.emailPattern': 'email',
  'users.positionOutside': 'position',
};

const sameCode = (column: string, value: string) => sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;

async function resolveOrganize(trx: Transaction<DB>, value: string): Promise<string> {
  const organizes = await loadOrganizeIndex(trx);
  const byPath = organizes.all().find((o) => organizes.pathText(o.id) === value);
  if (byPath) return byPath.id;
  const row = await trx.selectFrom('base_organize').select('id').where((eb) => eb.or([eb('id', '=', value), sameCode('en_code', value)])).executeTakeFirst();
  if (!row) throw new ImportRowError('organize', 'users.unknownOrganizeName', { name: value });
  return row.id;
}

async function importUserRow(trx: Transaction<DB>, row: ImportRow): Promise<void> {
  const organizeId = await resolveOrganize(trx, row.organize);
  let positionId: string | undefined;
  if (row.position) {
    const position = await trx
      .selectFrom('base_position')
      .select('id')
      .where('organize_id', '=', organizeId)
      .where((eb) => eb.or([eb('full_name', '=', row.position), sameCode('en_code', row.position)]))
      .executeTakeFirst();
    if (!position) throw new ImportRowError('position', 'users.unknownPositionName', { name: row.position });
    positionId = position.id;
  }
  const roleIds: string[] = [];
  for (const name of row.role.split(/[,，、]/).map((n) => n.trim()).filter(Boolean)) {
    const role = await trx.selectFrom('base_role').select('id').where((eb) => eb.or([eb('full_name', '=', name), sameCode('en_code', name)])).executeTakeFirst();
    if (!role) throw new ImportRowError('role', 'users.unknownRoleName', { name });
    roleIds.push(role.id);
  }
  try {
    await insertUser(trx, {
      account: row.account,
      realName: row.realName,
      gender: row.gender ? GENDERS[row.gender] : 3,
      mobilePhone: row.mobilePhone || null,
      email: row.email || null,
      organizeId: [organizeId],
      positionId: positionId ? [positionId] : [],
      roleId: roleIds,
      sortCode: row.sortCode || 0,
      description: row.description || null,
    });
  } catch (error) {
    if (error instanceof AppError && FIELD_OF_KEY[error.messageKey]) throw new ImportRowError(FIELD_OF_KEY[error.messageKey], error.messageKey, error.params);
    throw error;
  }
}

/** The export's columns: what the list shows; `column` is the list column whose permission governs one. */
const EXPORT_COLUMNS: readonly { field: string; label: string; column?: string }[] = [
  { field: 'account', label: '账号' },
  { field: 'realName', label: '姓名' },
  { field: 'genderText', label: '性别', column: 'gender' },
  { field: 'mobilePhone', label: '手机号' },
  { field: 'email', label: '邮箱' },
  { field: 'organize', label: '所属组织' },
  { field: 'position', label: '岗位' },
  { field: 'roleName', label: '角色' },
  { field: 'stateText', label: '状态', column: 'enabledMark' },
  { field: 'creatorTime', label: '创建时间' },
  { field: 'sortCode', label: '排序' },
  { field: 'description', label: '说明' },
];
const GENDER_TEXT = ['', '男', '女', '保密'];

export async function userImportRoutes(app: FastifyInstance, ctx: { db: Kysely<DB> }): Promise<void> {
  const { db } = ctx;
  const spec: ImportSpec = {
    fileName: '用户信息',
    columns: userImportColumns,
    importRow: (trx, row) => importUserRow(trx, row),
    // New role members: every process reloads grants (new users have none cached, but a cache may hold a miss).
    afterImport: () => app.grants.invalidate(),
  };
  await importRoutes(app, { db, files: shortLivedFiles(db), base: USERS_BASE, spec, permission: { menu: USER_MENU, button: 'btn_import' } });

  /**
   * The filtered list as .xlsx, within the caller's data scope (the button check leaves no scope on the request,
   * so it is made here). selectKey, comma-joined fields, limits the columns; unknown fields are ignored.
   */
  app.get<{ Querystring: ListParams & { organizeId?: string; selectKey?: string } }>(
    `${USERS_BASE}/ExportExcel`,
    {
      schema: { querystring: { ...userListQuery, properties: { ...userListQuery.properties, selectKey: { type: 'string', maxLength: 1000 }, dataType: { type: ['integer', 'string'] } } } },
      config: { permission: { menu: USER_MENU, button: 'btn_export' } },
    },
    async (request) => {
      const session = request.session!;
      const scope = { userId: session.userId, isAdministrator: session.isAdministrator, menu: USER_MENU, resolver: (r: DataScopeRequest) => app.grants.dataScope(r) };
      const { list } = await listQuery(userListBase(db, request.query.organizeId), { ...request.query, currentPage: 1, pageSize: PAGE_SIZE_MAX }, userListSpec, scope);
      const rows = (await describeUsers(db, list)).map((u) => ({ ...u, genderText: GENDER_TEXT[u.gender] ?? '', stateText: u.enabledMark === 1 ? '启用' : '禁用' }));
      // Columns the caller was not granted on the list are not exported either, whatever selectKey asks for.
      const hidden = (await ungrantedFields(app.grants, request, USER_MENU, 'columns')) ?? new Set<string>();
      const allowed = EXPORT_COLUMNS.filter((c) => !hidden.has(c.column ?? c.field));
      const wanted = new Set((request.query.selectKey ?? '').split(',').map((k) => k.trim()).filter(Boolean));
      const columns = wanted.size ? allowed.filter((c) => wanted.has(c.field) || (c.column !== undefined && wanted.has(c.column))) : allowed;
      const content = await writeRows(columns.length ? columns : allowed, rows);
      const stored = await storeFile(db, { fileName: '用户信息.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content, userId: session.userId });
      return ok({ name: stored.name, url: stored.url });
    },
  );
}
