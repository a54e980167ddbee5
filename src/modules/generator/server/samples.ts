import type { FieldDefinition, FormDefinition } from '../../../shared/form/definition.js';
import { staticOptions } from '../../../shared/form/fieldOptions.js';
import { recalculate } from '../../../shared/form/recalculate.js';
import { validateSubmission } from '../../../shared/form/validateSubmission.js';
import { columnNodes, flattenFields, type FieldNode } from '../../../shared/form/walkFields.js';

/**
 * The submissions the generated test sends: one the form accepts and one it refuses. They are found here, with
 * the same validateSubmission the generated service runs, so the generated test never asserts something the
 * form would not do. A form whose rules no sample satisfies (a required field with a pattern no candidate
 * matches) gets no good sample; the generated test then says so instead of pretending.
 */
export interface Samples {
  good?: Record<string, unknown>;
  bad: Record<string, unknown>;
  /** What the bad sample breaks, in words for the test's name. */
  badReason: string;
}

const TEXT_CANDIDATES = ['示例', 'Sample text', '13800138000', 'someone@example.com', '123456', '1', 'https://example.com', '110101199003077777'];
const SAMPLE_TIME = 1_700_000_000_000;

function firstOption(field: FieldDefinition, multiple: boolean): unknown {
  const source = staticOptions(field);
  const first = source?.options?.[0];
  if (!first) return undefined;
  const value = first[source.valueKey];
  if (multiple) return [value];
  return value;
}

function firstPath(field: FieldDefinition): unknown {
  const source = staticOptions(field);
  const path: unknown[] = [];
  let options = source?.options;
  while (source && options && options.length > 0) {
    path.push(options[0][source.valueKey]);
    const children = options[0][source.childrenKey];
    options = Array.isArray(children) ? (children as typeof options) : undefined;
  }
  return path.length > 0 ? path : undefined;
}

/** Candidate values for a field, the likeliest first. */
function candidates(node: FieldNode): unknown[] {
  const field = node.field;
  const multiple = field.multiple === true || field.props?.props?.multiple === true;
  const min = typeof field.min === 'number' ? field.min : undefined;
  const max = typeof field.max === 'number' ? field.max : undefined;
  const numberInRange = min !== undefined ? min : max !== undefined && max < 1 ? max : 1;
  switch (node.jnpfKey) {
    case 'comInput':
    case 'textarea':
      return TEXT_CANDIDATES;
    case 'editor':
      return ['<p>示例</p>'];
    case 'colorPicker':
      return ['#409EFF'];
    case 'time':
      return ['12:00:00'];
    case 'numInput':
    case 'rate':
      return [numberInRange];
    case 'slider':
      return field.range === true ? [[min ?? 0, max ?? 1]] : [min ?? 0];
    case 'switch':
      return [field['active-value'] ?? field.activeValue ?? 1];
    case 'date':
      return [SAMPLE_TIME];
    case 'dateRange':
    case 'timeRange':
      return [[SAMPLE_TIME, SAMPLE_TIME + 86_400_000]];
    case 'numRange':
      return [[1, 2]];
    case 'select':
    case 'radio':
      return [firstOption(field, multiple), multiple ? ['1'] : '1'];
    case 'checkbox':
      return [firstOption(field, true), ['1']];
    case 'cascader':
    case 'treeSelect':
      return [node.jnpfKey === 'cascader' ? firstPath(field) : firstOption(field, multiple), node.jnpfKey === 'cascader' ? ['1'] : '1'];
    case 'address':
      return [['110000', '110100', '110101']];
    case 'uploadFz':
    case 'uploadImg':
      return [[{ name: 'sample.txt', fileId: 'sample-file', url: '/api/file/Download/sample' }]];
    case 'comSelect':
    case 'usersSelect':
      return [['sample-id']];
    default:
      // Pickers and selects of other kinds store an id; system fields and calculations are the server's.
      return ['sample-id'];
  }
}

const SERVER_FILLED = new Set(['calculate', 'billRule', 'createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currDept', 'currPosition', 'table']);

/** Fills values one field at a time, keeping the first candidate the form accepts for that field. */
function fillFields(definition: FormDefinition, nodes: readonly FieldNode[], data: Record<string, unknown>, put: (key: string, value: unknown) => void, remove: (key: string) => void, pathOf: (key: string) => string) {
  for (const node of nodes) {
    const key = node.field.__vModel__;
    if (!key || node.role !== 'field' || !node.jnpfKey || SERVER_FILLED.has(node.jnpfKey)) continue;
    let accepted = false;
    for (const value of candidates(node)) {
      if (value === undefined) continue;
      put(key, value);
      if (!validateSubmission(definition, recalculate(definition, data)).some((p) => p.field === pathOf(key))) {
        accepted = true;
        break;
      }
    }
    if (!accepted) remove(key);
  }
}

export function sampleSubmissions(definition: FormDefinition): Samples {
  const data: Record<string, unknown> = {};
  const nodes = flattenFields(definition.fields);
  fillFields(definition, nodes, data, (k, v) => (data[k] = v), (k) => delete data[k], (k) => k);
  for (const table of nodes.filter((n) => n.role === 'subTable')) {
    const key = table.field.__vModel__;
    if (!key) continue;
    const row: Record<string, unknown> = {};
    data[key] = [row];
    fillFields(definition, columnNodes(table), data, (k, v) => (row[k] = v), (k) => delete row[k], (k) => `${key}.0.${k}`);
  }
  const good = validateSubmission(definition, recalculate(definition, data)).length === 0 ? data : undefined;

  const required = nodes.find((n) => n.role === 'field' && n.config.required === true && n.field.__vModel__ && !SERVER_FILLED.has(n.jnpfKey ?? '') && Object.hasOwn(data, n.field.__vModel__));
  if (required) {
    const bad = { ...data };
    delete bad[required.field.__vModel__!];
    return { good, bad, badReason: 'a required field left empty' };
  }
  // Without a required field, a field the form does not have is what a forged request would send.
  return { good, bad: { ...data, notAFieldOfThisForm: 'forged' }, badReason: 'a field the form does not have' };
}
