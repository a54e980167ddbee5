import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDesign, type GeneratorDesign } from '../../../src/modules/generator/server/design.js';

/**
 * Designs for the generator's tests, built from the shared JNPF fixtures (fixtures/jnpf: form, list and table
 * binding of one real design each), and a hostile one: every text a person types in the designer replaced by
 * a payload that would run if generated code pasted it anywhere but inside a string.
 */
const FIXTURES = fileURLToPath(new URL('../../../fixtures/jnpf', import.meta.url));

export const DESIGN_FIXTURES = [
  { file: 'receivable-fees-subtable', enCode: 'testreceivable', fullName: '应收费用' },
  { file: 'purchase-warehousing-subtable', enCode: 'testwarehousing', fullName: '采购入库申请' },
  { file: 'recruitment-options', enCode: 'testposition', fullName: '招聘申请' },
] as const;

const read = (name: string) => {
  const file = path.join(FIXTURES, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
};

/** The row the design part stores, from a fixture (JSON columns as text, as base_visual_dev holds them). */
export function fixtureRow(fixture: { file: string; enCode: string; fullName: string }) {
  return {
    id: `fixture-${fixture.enCode}`,
    full_name: fixture.fullName,
    en_code: fixture.enCode,
    description: null,
    form_data: read(`${fixture.file}.form.json`),
    column_data: read(`${fixture.file}.list.json`),
    tables_data: read(`${fixture.file}.tables.json`),
    web_type: 2,
  };
}

export const fixtureDesign = (fixture: (typeof DESIGN_FIXTURES)[number]): GeneratorDesign => readDesign(fixtureRow(fixture));

/** Quotes of every kind, a template, comment and script terminators, line breaks: each would run process.exit if pasted raw. */
export const PAYLOAD = 'a"b\'c`${process.exit(1)}`*/ process.exit(2); /*\n process.exit(3) \u2028</script>\\';

function hostile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hostile);
  if (!value || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] = ['label', 'placeholder', 'fullName', 'title'].includes(key) && typeof inner === 'string' ? `${inner}${PAYLOAD}` : hostile(inner);
  }
  return result;
}

/** The recruitment form with hostile labels, option texts, placeholders and title (keys stay names: the plan refuses others). */
export function hostileRow() {
  const row = fixtureRow(DESIGN_FIXTURES[2]);
  const form = hostile(JSON.parse(row.form_data!)) as { fields: { __config__?: { tableName?: string } }[] };
  const list = hostile(JSON.parse(row.column_data!));
  return { ...row, id: 'fixture-hostile', en_code: 'hostile_recruitment', full_name: `招聘${PAYLOAD}`, description: PAYLOAD, form_data: JSON.stringify(form), column_data: JSON.stringify(list), tables_data: null };
}

/**
 * The purchase form, written for these tests (no shared fixture has a calculated field): a required
 * title, a dictionary select, a user picker, a date, an upload, and a sub-table of lines whose amount is
 * quantity × price, summed into a calculated total.
 */
export function purchaseRow() {
  const field = (vModel: string, jnpfKey: string, label: string, extra: Record<string, unknown> = {}) => ({ __vModel__: vModel, __config__: { jnpfKey, label, ...extra } });
  const form = {
    fields: [
      field('title', 'comInput', '采购标题', { required: true }),
      field('category', 'dicSelect', '类别', { dictionaryType: 'reagentGrade' }),
      field('buyer', 'userSelect', '采购人'),
      field('needDate', 'date', '需求日期'),
      field('quotes', 'uploadFz', '报价单'),
      {
        __vModel__: 'lines',
        __config__: {
          jnpfKey: 'table',
          label: '明细',
          children: [
            field('product', 'comInput', '物品', { required: true }),
            { ...field('quantity', 'numInput', '数量'), min: 1 },
            { ...field('price', 'numInput', '单价'), precision: 2 },
            { ...field('amount', 'calculate', '金额'), expression: 'lines.quantity * lines.price' },
          ],
        },
      },
      { ...field('total', 'calculate', '合计'), expression: [{ __vModel__: 'lines.amount' }] },
    ],
  };
  const list = {
    columnList: [
      { prop: 'title', label: '采购标题' },
      { prop: 'needDate', label: '需求日期' },
      { prop: 'total', label: '合计' },
    ],
    searchList: [
      { __vModel__: 'title', searchType: 2, __config__: { jnpfKey: 'comInput', label: '采购标题' } },
      { __vModel__: 'needDate', searchType: 3, __config__: { jnpfKey: 'date', label: '需求日期' } },
      { __vModel__: 'total', searchType: 3, __config__: { jnpfKey: 'calculate', label: '合计' } },
    ],
    defaultSidx: 'needDate',
    sort: 'desc',
    pageSize: 20,
  };
  return { id: 'purchase', full_name: '采购申请', en_code: 'purchase_request', description: null, form_data: JSON.stringify(form), column_data: JSON.stringify(list), tables_data: null, web_type: 2 };
}
