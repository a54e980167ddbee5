import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { fileSize } from '../../../shared/format/sizes.js';
import { AppError } from '../appError.js';
import type { DB } from '../db/schema.js';
import type { MessageKey } from '../locales/messages.js';
import { ok } from '../plugins/envelope.js';
import { ungrantedFields, type RoutePermission } from '../plugins/permission.js';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ImportRowError, normalizeRow, rowProblems, type ImportRow, type ImportSpec } from './importSpec.js';
import { inOneTransaction, inSavepoint } from './importTransaction.js';
import type { ShortLivedFiles } from './shortLivedFiles.js';
import { assertSpreadsheet, readRows, writeRows } from './workbook.js';

/**
 * The bulk import of spec 001 for any module, at `<base>/Uploader`, `TemplateDownload`, `ImportPreview`,
 * `ImportData` and `ImportExceptionData` (alias `ExportExceptionData`). Uploads and the files made for download are
 * short-lived files (an hour, readable by their owner only; shortLivedFiles.ts), so the process that previews an
 * upload need not be the one that received it. ImportData is one transaction (importTransaction.ts): the rows that
 * pass are committed together or not at all; a row that fails is rolled back to its savepoint and reported.
 */
export interface ImportRouteOptions {
  db: Kysely<DB>;
  /** Where uploads and the workbooks made for download are kept (the file module's short-lived files). */
  files: ShortLivedFiles;
  /** The module's path, e.g. /api/permission/Users. */
  base: string;
  /** The module's import; a function for modules whose columns depend on the path (an online design's). */
  spec: ImportSpec | ((request: FastifyRequest) => Promise<ImportSpec>);
  /**
   * What every import call needs, e.g. { menu: 'permission.user', button: 'btn_import' }; or, for pages made at run
   * time whose menu is known only from the path, a check that throws when the caller may not import and answers
   * the form fields they may not set.
   */
  permission: RoutePermission | ((request: FastifyRequest) => Promise<{ hiddenFields?: ReadonlySet<string> }>);
}

const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const UPLOAD_NAME = /^([0-9a-f]{32})\.(xlsx|xls)$/;
const listBody = { type: 'object', required: ['list'], properties: { list: { type: 'array', items: { type: 'object' } } } } as const;

export async function importRoutes(app: FastifyInstance, options: ImportRouteOptions): Promise<void> {
  const { db, base, files } = options;
  const permission = options.permission;
  const config: { permission?: RoutePermission } = typeof permission === 'function' ? {} : { permission };
  /** Checks a dynamic permission (the plugin checked a static one) and answers the fields the caller may not set. */
  const access = async (request: FastifyRequest) =>
    typeof permission === 'function' ? await permission(request) : { hiddenFields: await ungrantedFields(app.grants, request, permission.menu, 'forms') };
  const specOf = (request: FastifyRequest) => (typeof options.spec === 'function' ? options.spec(request) : Promise.resolve(options.spec));
  const userOf = (request: FastifyRequest) => request.session!.userId;

  app.post(`${base}/Uploader`, { config }, async (request) => {
    await access(request);
    if (!request.isMultipart()) throw AppError.badRequest('upload.required');
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw AppError.badRequest('upload.required');
    const content = await part.toBuffer();
    // The stream stops at the limit: a truncated file is refused, never read in part.
    if (part.file.truncated) throw new AppError(ResultCode.payloadTooLarge, 'upload.tooLarge', { limit: fileSize(IMPORT_MAX_BYTES) });
    assertSpreadsheet(part.filename, content);
    // Opened once here, so a damaged workbook is refused at upload rather than at the preview.
    await readRows(content, []);
    const extension = part.filename.toLowerCase().endsWith('.xls') ? 'xls' : 'xlsx';
    const stored = await files.store({ fileName: part.filename.slice(0, 200), contentType: MIME_XLSX, content, userId: userOf(request) });
    return ok({ name: `${stored.id}.${extension}`, fileName: part.filename }, request.t('common.uploaded'));
  });

  app.get(`${base}/TemplateDownload`, { config }, async (request) => {
    await access(request);
    const spec = await specOf(request);
    const example = Object.fromEntries(spec.columns.map((c) => [c.field, c.example ?? '']));
    const content = await writeRows(spec.columns, [example]);
    const stored = await files.store({ fileName: `${spec.fileName}导入模板.xlsx`, contentType: MIME_XLSX, content, userId: userOf(request) });
    return ok({ name: stored.name, url: stored.url });
  });

  app.get<{ Querystring: { fileName: string } }>(
    `${base}/ImportPreview`,
    { config, schema: { querystring: { type: 'object', required: ['fileName'], properties: { fileName: { type: 'string', maxLength: 100 } } } } },
    async (request) => {
      await access(request);
      const spec = await specOf(request);
      const id = UPLOAD_NAME.exec(request.query.fileName)?.[1];
      if (!id) throw new AppError(ResultCode.notFound, 'upload.notFound');
      const file = await files.read(id, userOf(request));
      const rows = await readRows(file.content, spec.columns);
      return ok({
        headerRow: spec.columns.map((c) => ({ id: c.field, fullName: c.label, required: Boolean(c.required) })),
        dataRow: rows,
      });
    },
  );

  app.post<{ Body: { list: unknown[] } }>(`${base}/ImportData`, { config, schema: { body: listBody } }, async (request) => {
    const { hiddenFields: hidden } = await access(request);
    const spec = await specOf(request);
    const { list } = request.body;
    if (list.length === 0) throw AppError.badRequest('import.empty');
    if (list.length > IMPORT_MAX_ROWS) throw AppError.badRequest('import.tooManyRows', { limit: IMPORT_MAX_ROWS, count: list.length });
    // Form field permissions hold for imports too: a row may not set a field the importer could not set in the form.
    const hiddenColumns = hidden ? spec.columns.filter((c) => hidden.has(c.formField ?? c.field)) : [];
    // The rules are checked before the transaction opens, so it stays open only for the writes.
    const checked = list.map((raw, index) => {
      const row = normalizeRow(spec.columns, raw);
      const rowNumber = index + 1;
      const problems = rowProblems(spec.columns, row).map(({ column, failure }) =>
        request.t('import.rowProblem', { row: rowNumber, column: column.label, reason: request.t(failure.key, failure.params) }),
      );
      const refused = hiddenColumns.filter((c) => row[c.field] !== '');
      if (refused.length) problems.push(request.t('import.rowFailure', { row: rowNumber, reason: request.t('fieldPermission.fieldsNotGranted', { fields: refused.map((c) => c.label).join(', ') }) }));
      return { row, rowNumber, problems };
    });
    const failResult: (ImportRow & { errorsInfo: string })[] = [];
    let snum = 0;
    await inOneTransaction(request, db, async (trx) => {
      for (const { row, rowNumber, problems } of checked) {
        if (problems.length === 0) {
          const failure = await inSavepoint(trx, (point) => spec.importRow(point, row, { userId: userOf(request) }));
          if (failure === undefined) {
            snum += 1;
            continue;
          }
          problems.push(describeFailure(request, spec, rowNumber, failure));
        }
        failResult.push({ ...row, errorsInfo: problems.join('；') });
      }
    });
    // After the commit, so no process refills a cache before the rows are there to read.
    if (snum > 0) await spec.afterImport?.();
    const fnum = failResult.length;
    return ok({ snum, fnum, resultType: fnum > 0 ? 1 : 0, failResult }, fnum > 0 ? request.t('import.partlyImported', { snum, fnum }) : request.t('import.imported'));
  });

  const exceptionList = async (request: FastifyRequest<{ Body: { list: unknown[] } }>) => {
    await access(request);
    const spec = await specOf(request);
    const { list } = request.body;
    if (list.length > IMPORT_MAX_ROWS) throw AppError.badRequest('import.tooManyRows', { limit: IMPORT_MAX_ROWS, count: list.length });
    const columns = [...spec.columns, { field: 'errorsInfo', label: request.t('import.errorColumn') }];
    const rows = list.map((raw) => normalizeRow(columns, raw));
    const content = await writeRows(columns, rows);
    const stored = await files.store({ fileName: `${spec.fileName}错误报告.xlsx`, contentType: MIME_XLSX, content, userId: userOf(request) });
    return ok({ name: stored.name, url: stored.url });
  };
  // The spec names ImportExceptionData for modules and ExportExceptionData for users; JNPF clients use both.
  for (const path of ['ImportExceptionData', 'ExportExceptionData']) app.post(`${base}/${path}`, { config, schema: { body: listBody } }, exceptionList);
}

/** One row's failure during its import as the message the user reads; faults are logged and named generally. */
function describeFailure(request: FastifyRequest, spec: ImportSpec, rowNumber: number, error: unknown): string {
  if (error instanceof ImportRowError) {
    const reason = request.t(error.key, error.params);
    const column = spec.columns.find((c) => c.field === error.field);
    return column ? request.t('import.rowProblem', { row: rowNumber, column: column.label, reason }) : request.t('import.rowFailure', { row: rowNumber, reason });
  }
  if (error instanceof AppError) return request.t('import.rowFailure', { row: rowNumber, reason: request.t(error.messageKey, error.params) });
  const key: MessageKey = (error as { code?: string })?.code === '23505' ? 'error.conflict' : 'error.server';
  if (key === 'error.server') request.log.error({ err: error }, 'import row failed');
  return request.t('import.rowFailure', { row: rowNumber, reason: request.t(key) });
}
