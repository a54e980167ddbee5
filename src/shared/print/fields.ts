import { columnNodes, flattenFields } from '../form/walkFields.js';
import type { PrintTemplate } from './template.js';

/**
 * The fields a template can place (POST /api/system/printDev/Fields): a design's value fields by __vModel__, and
 * each sub-table with its columns as children, in JNPF's tree shape (id, fullName, parentId, children). Widgets
 * that hold no value of their own (text, buttons, dividers, barcodes drawn from another field) are left out.
 */
export interface PrintFieldNode {
  id: string;
  fullName: string;
  parentId: string;
  jnpfKey: string;
  /** True for a sub-table: a loop box prints it. */
  isSubTable: boolean;
  hasChildren: boolean;
  children?: PrintFieldNode[];
}

const NO_VALUE = new Set(['JNPFText', 'text', 'divider', 'groupTitle', 'button', 'link', 'alert', 'barcode', 'qrcode']);

/** The id printData always carries besides the form's fields. */
export const RECORD_ID_FIELD = 'id';

export function printFieldTree(definition: { fields?: unknown } | null | undefined): PrintFieldNode[] {
  const nodes: PrintFieldNode[] = [];
  for (const node of flattenFields(definition?.fields ?? [])) {
    const key = node.field.__vModel__;
    if (typeof key !== 'string' || !key || NO_VALUE.has(node.jnpfKey ?? '')) continue;
    const label = typeof node.config.label === 'string' && node.config.label ? node.config.label : key;
    if (node.role === 'subTable') {
      const children = columnNodes(node)
        .filter((c) => typeof c.field.__vModel__ === 'string' && c.field.__vModel__ && !NO_VALUE.has(c.jnpfKey ?? ''))
        .map((c) => ({ id: c.field.__vModel__ as string, fullName: typeof c.config.label === 'string' && c.config.label ? c.config.label : (c.field.__vModel__ as string), parentId: key, jnpfKey: c.jnpfKey ?? '', isSubTable: false, hasChildren: false }));
      nodes.push({ id: key, fullName: label, parentId: '0', jnpfKey: 'table', isSubTable: true, hasChildren: children.length > 0, children });
    } else nodes.push({ id: key, fullName: label, parentId: '0', jnpfKey: node.jnpfKey ?? '', isSubTable: false, hasChildren: false });
  }
  return nodes;
}

/**
 * The first field a template names that the form does not have (boxes of fields, codes of fields, loops and
 * their columns; `{field}` in texts are left free, an unknown one prints nothing), or undefined.
 */
export function unknownTemplateField(template: PrintTemplate, tree: PrintFieldNode[]): string | undefined {
  const main = new Map(tree.map((n) => [n.id, n]));
  const known = (field: string) => field === RECORD_ID_FIELD || (main.has(field) && !main.get(field)!.isSubTable);
  for (const box of template.boxes) {
    if (box.type === 'field' && !known(box.field)) return box.field;
    if ((box.type === 'barcode' || box.type === 'qrcode') && box.field !== undefined && !known(box.field)) return box.field;
    if (box.type === 'table') {
      const table = main.get(box.field);
      if (!table?.isSubTable) return box.field;
      const columns = new Set((table.children ?? []).map((c) => c.id));
      const missing = box.columns.find((c) => !columns.has(c.field));
      if (missing) return `${box.field}.${missing.field}`;
    }
  }
  return undefined;
}
