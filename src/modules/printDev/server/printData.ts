import type { Kysely } from 'kysely';
import type { OperatorRecord } from '../../../shared/print/layout.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { stripFormFields } from '../../../kernel/server/plugins/fieldPermissions.js';
import { withShownValues } from '../../onlineData/server/public.js';
import { loadOnlineModel } from '../../onlineData/server/public.js';
import { readRecord } from '../../onlineData/server/public.js';
import { printDevRow } from './service.js';

/**
 * Print data (spec 001 §3): printTemplate, printData (the record's values by field as they read, sub-tables as
 * arrays of rows) and operatorRecordList (the approval records). The records come from the released design the
 * template is bound to, under the caller's data scope and field permissions, as the record viewer shows them.
 */

/**
 * Where the approval records of a record come from. The workflow module supplies them; until it is wired, none
 * (docs/decisions.md 131). `formId` is the design, `recordId` the record.
 */
export type OperatorRecordProvider = (db: Kysely<DB>, target: { formId: string; recordId: string }) => Promise<OperatorRecord[]>;
export const noOperatorRecords: OperatorRecordProvider = async () => [];

export interface PrintDataAccess {
  /** Checks the caller may read the design's records; answers their data scope and hidden fields. */
  authorize(designId: string): Promise<{ dataScope: DataScopeRequest; hiddenFields?: Set<string> }>;
  operatorRecords: OperatorRecordProvider;
}

export interface PrintData {
  printTemplate: string;
  printData: Record<string, unknown>;
  operatorRecordList: OperatorRecord[];
}

/** The template row, enabled and bound to a form. */
export async function printableTemplate(db: Kysely<DB>, id: string) {
  const row = await printDevRow(db, id);
  if (row.enabled_mark !== 1) throw AppError.badRequest('printDev.disabled');
  if (!row.visual_dev_id) throw AppError.badRequest('printDev.noForm');
  return row as typeof row & { visual_dev_id: string };
}

/** Print data of several records with one template (BatchData); one record is a batch of one (Data). */
export async function printDataOf(db: Kysely<DB>, templateId: string, recordIds: string[], access: PrintDataAccess): Promise<PrintData[]> {
  const template = await printableTemplate(db, templateId);
  const model = await loadOnlineModel(db, template.visual_dev_id);
  const grant = await access.authorize(model.designId);
  const answers: PrintData[] = [];
  for (const recordId of recordIds) {
    const record = await readRecord(db, model, recordId, grant.dataScope);
    // Values pointing at other designs' records or at data-interface rows print as stored (docs/api.md): their
    // labels need the list's readers, which run as the caller through the online-data routes.
    await withShownValues(db, model, [record], { relation: async () => new Map(), interfaceRows: async () => [] });
    if (grant.hiddenFields) stripFormFields(record, grant.hiddenFields);
    const operatorRecordList = await access.operatorRecords(db, { formId: model.designId, recordId });
    answers.push({ printTemplate: template.print_template, printData: record, operatorRecordList });
  }
  return answers;
}
