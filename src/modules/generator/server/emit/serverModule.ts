import type { GenerationModel } from '../model.js';
import type { PlannedTable } from '../../../onlineData/server/public.js';
import { commentText, literal, pascalName, propertyKey } from '../names.js';
import { addColumnCall, fieldColumnTs, systemColumnTs } from './columns.js';
import { importFrom, localeDirOf, type Layout } from './layout.js';

/** The generated module's module.json, index.ts, tables.ts, migration and locale/messages.ts: the module contract's small files. */

export const migrationName = (model: GenerationModel) => `0900_${model.moduleName}_tables`;

/** The TypeScript name of a table's row type. */
export const rowTypeOf = (model: GenerationModel, table: PlannedTable) =>
  table.role === 'main' ? `${model.className}Table` : `${model.className}${pascalName(table.field ?? table.name, 'Rows')}Table`;

export function indexFile(model: GenerationModel, layout: Layout): string {
  const server = (file: string) => importFrom(layout.moduleDir, `src/kernel/server/${file}`);
  const tables = [model.plan.main, ...model.plan.children].map((t) => literal(t.name)).join(', ');
  return `import { defineModule } from ${literal(server('module'))};
import { ${model.moduleName}Messages } from ${literal(importFrom(layout.moduleDir, `${localeDirOf(layout)}/messages`))};
import * as tables from './migrations/${migrationName(model)}.js';
import { ${model.moduleName}Routes, MENU, BUTTONS } from './routes.js';

/**
 * ${commentText(model.title)}: generated from an online-development design.${model.description ? ` ${model.description}` : ''} The records live in the module's own
 * tables; every write recalculates the form's calculated fields and validates the submission against the
 * design's form (service.ts) before anything is stored. Add one line to src/modules/serverModules.ts to switch it on.
 */
export default defineModule({
  name: ${literal(model.moduleName)},
  tables: [${tables}],
  messages: ${model.moduleName}Messages,
  migrations: { ${literal(migrationName(model))}: tables },
  routes: (app, ctx) => ${model.moduleName}Routes(app, { db: ctx.db }),
  permissions: [{ menu: MENU, buttons: BUTTONS }],
});
`;
}

function tableInterface(model: GenerationModel, table: PlannedTable): string {
  const system = table.system.map((c) => `  /** ${commentText(c.purpose)} */\n  ${c.name}: ${systemColumnTs(c)};`);
  const columns = table.columns.map((c) => `  /** ${commentText(c.label) || commentText(c.field)} */\n  ${c.name}: ${fieldColumnTs(c.type)};`);
  return `/** ${commentText(table.label) || table.name} */
export interface ${rowTypeOf(model, table)} {
${[...system, ...columns].join('\n')}
}`;
}

export function tablesFile(model: GenerationModel, layout: Layout): string {
  const { main, children } = model.plan;
  const lines = [`  ${main.name}: ${rowTypeOf(model, main)};`, ...children.map((c) => `  ${c.name}: ${rowTypeOf(model, c)};`)];
  const needsColumnType = [main, ...children].some((t) => t.columns.some((c) => c.type === 'numeric' || c.type === 'jsonb'));
  return `${needsColumnType ? "import type { ColumnType } from 'kysely';\n\n" : ''}/** The tables of ${commentText(model.title)}, added to the server's DB type at the end of this file. */
export interface ${model.className}Tables {
${lines.join('\n')}
}

${[main, ...children].map((t) => tableInterface(model, t)).join('\n\n')}

declare module ${literal(importFrom(layout.moduleDir, 'src/kernel/server/db/schema'))} {
  interface DB extends ${model.className}Tables {}
}
`;
}

function createTableCalls(table: PlannedTable): string {
  const columns = [...table.system.map((c) => addColumnCall(c.name, c.type, c)), ...table.columns.map((c) => addColumnCall(c.name, c.type))];
  const indexes = table.indexes.map(
    (index) => `  await db.schema.createIndex(${literal(index.name)}).on(${literal(table.name)}).columns(${JSON.stringify(index.columns)}).execute();`,
  );
  return `  await db.schema
    .createTable(${literal(table.name)})
${columns.join('\n')}
    .execute();
${indexes.join('\n')}`;
}

/** The same tables a release of the design creates (online data's plan), so records can move between the two. */
export function migrationFile(model: GenerationModel): string {
  const { main, children } = model.plan;
  const drops = [...children].reverse().map((c) => `  await db.schema.dropTable(${literal(c.name)}).ifExists().execute();`);
  return `import type { Kysely } from 'kysely';

/** ${commentText(model.title)}: the main table and its sub-tables (rows go with their record). */
export async function up(db: Kysely<any>): Promise<void> {
${[main, ...children].map(createTableCalls).join('\n')}
}

export async function down(db: Kysely<any>): Promise<void> {
${[...drops, `  await db.schema.dropTable(${literal(main.name)}).ifExists().execute();`].join('\n')}
}
`;
}

/** What the module is and which modules it uses: generated code uses only the kernel and shared code. */
export function moduleJsonFile(model: GenerationModel): string {
  const description = `${model.title}: generated from an online-development design.${model.description ? ` ${model.description}` : ''}`;
  return `${JSON.stringify({ name: model.moduleName, description, requires: { server: [], client: [] } }, null, 2)}\n`;
}

export function messagesFile(model: GenerationModel, layout: Layout): string {
  const key = (name: string) => propertyKey(`${model.messagePrefix}.${name}`);
  const title = model.title;
  return `/** The messages of ${commentText(title)}, in the product's three languages. */
export const ${model.moduleName}Messages = {
  ${key('notFound')}: { zh: ${literal(`${title}记录不存在或已被删除`)}, zhtw: ${literal(`${title}記錄不存在或已被刪除`)}, en: ${literal(`The ${title} record does not exist or was deleted`)} },
  ${key('invalid')}: { zh: '提交的数据不正确：{{problems}}', zhtw: '提交的資料不正確：{{problems}}', en: 'The submitted data is not valid: {{problems}}' },
  ${key('calculationMismatch')}: { zh: '计算字段 {{fields}} 与公式结果不一致', zhtw: '計算欄位 {{fields}} 與公式結果不一致', en: 'The calculated fields {{fields}} do not match their formulas' },
  ${key('nothingSelected')}: { zh: '请选择要删除的记录', zhtw: '請選擇要刪除的記錄', en: 'Choose the records to delete' },
};

declare module ${literal(importFrom(localeDirOf(layout), 'src/kernel/server/locales/messages'))} {
  interface ModuleMessages {
    ${propertyKey(model.moduleName)}: typeof ${model.moduleName}Messages;
  }
}
`;
}
