import type { PlannedTable } from '../../../onlineData/server/public.js';
import type { GenerationModel } from '../model.js';
import { commentText, sqlIdentifier, sqlString } from '../names.js';

/**
 * The SQL DDL of a design's tables, for a database administrator who creates them by hand: the same tables as the
 * generated migration and as online data's release (one plan), with the labels as column comments.
 */
function tableStatements(table: PlannedTable): string[] {
  const system = table.system.map((c) => {
    const parts = [sqlIdentifier(c.name), c.type];
    if (c.primaryKey) parts.push('PRIMARY KEY');
    else if (c.notNull) parts.push('NOT NULL');
    if (c.references) parts.push(`REFERENCES ${sqlIdentifier(c.references)} ("id") ON DELETE CASCADE`);
    return `  ${parts.join(' ')}`;
  });
  const fields = table.columns.map((c) => `  ${sqlIdentifier(c.name)} ${c.type}`);
  const statements = [`CREATE TABLE ${sqlIdentifier(table.name)} (\n${[...system, ...fields].join(',\n')}\n)`];
  statements.push(`COMMENT ON TABLE ${sqlIdentifier(table.name)} IS ${sqlString(table.label)}`);
  for (const c of table.system) statements.push(`COMMENT ON COLUMN ${sqlIdentifier(table.name)}.${sqlIdentifier(c.name)} IS ${sqlString(c.purpose)}`);
  for (const c of table.columns) statements.push(`COMMENT ON COLUMN ${sqlIdentifier(table.name)}.${sqlIdentifier(c.name)} IS ${sqlString(c.label)}`);
  for (const index of table.indexes) statements.push(`CREATE INDEX ${sqlIdentifier(index.name)} ON ${sqlIdentifier(table.name)} (${index.columns.map(sqlIdentifier).join(', ')})`);
  return statements;
}

/** The statements one by one (a test runs them), main table first: children reference it. */
export function ddlStatements(model: GenerationModel): string[] {
  return [model.plan.main, ...model.plan.children].flatMap(tableStatements);
}

export function ddlFile(model: GenerationModel): string {
  return `-- ${commentText(model.title)}: tables generated from an online-development design (PostgreSQL).\n\n${ddlStatements(model).join(';\n\n')};\n`;
}
