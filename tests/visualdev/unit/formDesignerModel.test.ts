import { describe, expect, it } from 'vitest';
import '../../../registry/index.js';
import { getWidget, registeredKeys } from '../../../registry/registerWidget.js';
import type { WidgetDefinition } from '../../../registry/types.js';
import { compileForm } from '../../../src/kernel/client/runtime/compileForm.js';
import type { FormDefinition } from '../../../src/shared/form/definition.js';
import { recalculate } from '../../../src/shared/form/recalculate.js';
import { validateSubmission } from '../../../src/shared/form/validateSubmission.js';
import { findNode, fromDefinition, toDefinition, type DesignTree } from '../../../src/modules/visualdev/client/formDesigner/model/designTree.js';
import { keyFault } from '../../../src/modules/visualdev/client/formDesigner/model/fieldKeys.js';
import { HISTORY_LIMIT, record, redo, startHistory, undo } from '../../../src/modules/visualdev/client/formDesigner/model/history.js';
import { newField, nextFormId } from '../../../src/modules/visualdev/client/formDesigner/model/newField.js';
import { propTitle } from '../../../src/modules/visualdev/client/formDesigner/panel/propTitles.js';
import { addPane, canPlace, copyNode, insertNode, moveNode, removeNode, updateField } from '../../../src/modules/visualdev/client/formDesigner/model/operations.js';
import { paletteEntries } from '../../../src/modules/visualdev/client/formDesigner/model/palette.js';
import { newPane } from '../../../src/modules/visualdev/client/formDesigner/model/panes.js';
import { fieldWithProps, pathOfProp, propsOfField } from '../../../src/modules/visualdev/client/formDesigner/model/propsMapping.js';
import { panelSchema } from '../../../src/modules/visualdev/client/formDesigner/panel/panelSchema.js';
import { validateDesign } from '../../../src/modules/visualdev/client/formDesigner/validateDesign.js';
import { formFixtures } from '../../support/unit/fixtureSamples.js';

const empty = (): DesignTree => fromDefinition({ fields: [] });
/** Adds a widget as the designer's palette does, answering the tree and the new node's id. */
function add(tree: DesignTree, jnpfKey: string, parentId: string | null = null, index = Number.MAX_SAFE_INTEGER): [DesignTree, string] {
  const node = newField(jnpfKey, getWidget(jnpfKey)!, nextFormId(tree), 'zh');
  return [insertNode(tree, node, parentId, index), node.id];
}
const keys = (tree: DesignTree) => tree.nodes.map((node) => node.field.__vModel__ ?? node.field.__config__.jnpfKey);
const setKey = (tree: DesignTree, id: string, key: string) => updateField(tree, id, (field) => ({ ...field, __vModel__: key }));

describe('the form designer model', () => {
  it('adds widgets with unique JNPF keys, and the tree turns back into formData unchanged', () => {
    let tree = empty();
    [tree] = add(tree, 'comInput');
    [tree] = add(tree, 'numInput');
    expect(keys(tree)).toEqual(['comInputField101', 'numInputField102']);
    const definition = toDefinition(tree);
    expect(definition.fields[0]!.__config__).toMatchObject({ jnpfKey: 'comInput', label: '单行输入', span: 24, required: false, regList: [], formId: 101, layout: 'colFormItem' });
    expect(definition.idGlobal).toBe(102);
    expect(toDefinition(fromDefinition(definition))).toEqual(definition);
  });

  it('round-trips every shared fixture without losing a property', () => {
    for (const { name, definition } of formFixtures()) {
      expect(toDefinition(fromDefinition(definition)), name).toEqual(definition);
    }
  });

  it('moves fields within a list and into and out of containers', () => {
    let tree = empty();
    let a: string, b: string, row: string, card: string;
    [tree, a] = add(tree, 'comInput');
    [tree, b] = add(tree, 'textarea');
    [tree, row] = add(tree, 'row');
    [tree, card] = add(tree, 'card', row, 0);
    expect(keys(tree)).toEqual(['comInputField101', 'textareaField102', 'row']);
    tree = moveNode(tree, b, null, 0);
    expect(keys(tree)).toEqual(['textareaField102', 'comInputField101', 'row']);
    tree = moveNode(tree, a, card, 0);
    expect(findNode(tree.nodes, a)!.ancestors.map((n) => n.id)).toEqual([row, card]);
    expect(toDefinition(tree).fields[1]!.__config__.children![0]!.__config__.children![0]!.__vModel__).toBe('comInputField101');
    tree = moveNode(tree, a, null, 0);
    expect(keys(tree)).toEqual(['comInputField101', 'textareaField102', 'row']);
    // Not into itself or its own descendants.
    expect(moveNode(tree, row, card, 0)).toBe(tree);
  });

  it('builds tabs, collapses and table grids with panes, and adds panes, rows and cells', () => {
    let tree = empty();
    let tab: string, grid: string, field: string;
    [tree, tab] = add(tree, 'tab');
    [tree, grid] = add(tree, 'tableGrid');
    const tabNode = findNode(tree.nodes, tab)!.node;
    expect(tabNode.children).toHaveLength(2);
    // Panes take the formIds after their container's; the next field counts past them.
    expect(tabNode.children!.map((pane) => pane.field.__config__.formId)).toEqual([102, 103]);
    // A field goes into a pane, never straight into the tabs.
    [tree, field] = add(tree, 'comInput', tabNode.children![1]!.id, 0);
    expect(findNode(tree.nodes, field)!.parent!.id).toBe(tabNode.children![1]!.id);
    expect(findNode(tree.nodes, field)!.node.field.__vModel__).toBe('comInputField105');
    const lone = newField('comInput', getWidget('comInput')!, 900, 'zh');
    expect(insertNode(tree, lone, tab, 0)).toBe(tree);
    tree = addPane(tree, tab, newPane);
    tree = addPane(tree, grid, newPane);
    const gridNode = findNode(tree.nodes, grid)!.node;
    expect(gridNode.children).toHaveLength(3);
    expect(gridNode.children![2]!.children).toHaveLength(2);
    const cell = gridNode.children![0]!.children![1]!;
    [tree] = add(tree, 'numInput', cell.id, 0);
    const definition = toDefinition(tree);
    expect(definition.fields[1]!.__config__.children![0]!.__config__).toMatchObject({ jnpfKey: 'tableGridTr' });
    const compiled = compileForm(definition, { lookup: getWidget });
    expect(compiled.problems).toEqual([]);
    expect(JSON.stringify(compiled.schema)).toContain('numInputField');
  });

  it('lets only column widgets into a sub-table', () => {
    let tree = empty();
    let table: string;
    [tree, table] = add(tree, 'table');
    const [withColumn] = add(tree, 'numInput', table);
    expect(findNode(withColumn.nodes, table)!.node.children).toHaveLength(1);
    for (const notAColumn of ['row', 'table', 'createUser', 'divider']) {
      const node = newField(notAColumn, getWidget(notAColumn)!, 500, 'zh');
      expect(canPlace(tree, node, table), notAColumn).toBe(false);
    }
  });

  it('deletes and copies a field; a copy gets keys of its own, nested fields included', () => {
    let tree = empty();
    let card: string, inner: string;
    [tree, card] = add(tree, 'card');
    [tree, inner] = add(tree, 'comInput', card);
    const { tree: copied, copyId } = copyNode(tree, card);
    expect(copied.nodes).toHaveLength(2);
    const copyKey = findNode(copied.nodes, copyId!)!.node.children![0]!.field.__vModel__;
    expect(copyKey).not.toBe(findNode(copied.nodes, inner)!.node.field.__vModel__);
    expect(validateDesign(toDefinition(copied))).toEqual([]);
    const removed = removeNode(copied, inner);
    expect(findNode(removed.nodes, inner)).toBeUndefined();
    expect(findNode(removed.nodes, copyId!)).toBeDefined();
  });

  it('undoes and redoes at least 50 steps, and a new edit drops what could be redone', () => {
    let history = startHistory(empty());
    for (let i = 0; i < 60; i += 1) history = record(history, add(history.present, 'comInput')[0]);
    expect(history.present.nodes).toHaveLength(60);
    for (let i = 0; i < 60; i += 1) history = undo(history);
    expect(history.present.nodes).toHaveLength(0);
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(50);
    history = redo(redo(history));
    expect(history.present.nodes).toHaveLength(2);
    history = record(history, add(history.present, 'textarea')[0]);
    expect(redo(history)).toBe(history);
    // Typing coalesces: edits with one tag within a second are one step.
    const typed = record(record(history, setKey(history.present, history.present.nodes[0]!.id, 'a'), 'key', 1000), setKey(history.present, history.present.nodes[0]!.id, 'ab'), 'key', 1500);
    expect(typed.past.length).toBe(history.past.length + 1);
    expect(undo(typed).present).toBe(history.present);
  });

  it('keeps no more than the history limit', () => {
    let history = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i += 1) history = record(history, i);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
  });
});

describe('field keys and validateDesign', () => {
  it('checks the shape, reserved words and uniqueness of keys', () => {
    expect(keyFault('amount_1')).toBeUndefined();
    expect(keyFault('1amount')).toBe('keyPattern');
    expect(keyFault('a-b')).toBe('keyPattern');
    expect(keyFault('x'.repeat(64))).toBe('keyPattern');
    expect(keyFault('Select')).toBe('keyReserved');
    expect(keyFault('__proto__')).toBe('keyReserved');
    let tree = empty();
    let a: string, b: string, table: string, column: string;
    [tree, a] = add(tree, 'comInput');
    [tree, b] = add(tree, 'comInput');
    [tree, table] = add(tree, 'table');
    [tree, column] = add(tree, 'comInput', table);
    tree = setKey(setKey(tree, a, 'name'), b, 'name');
    // A column may share a top-level key: it lives in its table's scope.
    tree = setKey(tree, column, 'name');
    const problems = validateDesign(toDefinition(tree));
    expect(problems.map((p) => [p.code, p.path])).toEqual([['keyDuplicate', 'fields[0]'], ['keyDuplicate', 'fields[1]']]);
    expect(problems[0]!.message).toBe('“单行输入”的字段名 name 与其他字段重复');
    tree = setKey(setKey(tree, b, 'order'), a, '');
    expect(validateDesign(toDefinition(tree), 'en').map((p) => [p.code, p.message])).toEqual([
      ['keyMissing', '"单行输入" has no field key'],
      ['keyReserved', 'The field key order of "单行输入" is a reserved word: choose another'],
    ]);
  });

  it('reports regList patterns that do not compile and formulas that do not parse or read unknown fields', () => {
    let tree = empty();
    let a: string, calc: string;
    [tree, a] = add(tree, 'numInput');
    [tree, calc] = add(tree, 'calculate');
    tree = updateField(tree, a, (field) => ({ ...field, __config__: { ...field.__config__, regList: [{ pattern: '^\\d+$', message: 'ok' }, { pattern: '([a-', message: 'broken' }] } }));
    tree = updateField(tree, calc, (field) => ({ ...field, expression: 'numInputField101 * (2' }));
    expect(validateDesign(toDefinition(tree)).map((p) => p.code)).toEqual(['regListPattern', 'formula']);
    tree = updateField(tree, calc, (field) => ({ ...field, expression: 'numInputField101 * 2 + ghost' }));
    expect(validateDesign(toDefinition(tree)).map((p) => [p.code, p.field])).toEqual([['regListPattern', 'numInputField101'], ['formulaUnknown', 'calculateField102']]);
    tree = updateField(tree, calc, (field) => ({ ...field, expression: 'numInputField101 * 2' }));
    expect(validateDesign(toDefinition(tree)).map((p) => p.code)).toEqual(['regListPattern']);
  });

  it('accepts every shared fixture: real designs must open and save without a false alarm', () => {
    const found = formFixtures().flatMap(({ name, definition }) => validateDesign(definition).map((p) => `${name} ${p.code} ${p.field ?? ''}`));
    expect(formFixtures().length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });
});

describe('a form built in the designer', () => {
  it('compiles without problems, renders its calculated total, and passes the server checks', () => {
    let tree = empty();
    let name: string, qty: string, price: string, total: string, table: string, amount: string, row: string;
    [tree, row] = add(tree, 'row');
    [tree, name] = add(tree, 'comInput', row);
    [tree, qty] = add(tree, 'numInput', row);
    [tree, price] = add(tree, 'numInput');
    [tree, total] = add(tree, 'calculate');
    [tree, table] = add(tree, 'table');
    [tree, amount] = add(tree, 'numInput', table);
    [tree] = add(tree, 'select');
    tree = setKey(setKey(setKey(setKey(setKey(setKey(tree, name, 'itemName'), qty, 'qty'), price, 'price'), total, 'total'), table, 'lines'), amount, 'amount');
    tree = updateField(tree, name, (f) => ({ ...f, __config__: { ...f.__config__, required: true, span: 12, regList: [{ pattern: '^[A-Z]', message: 'starts with a capital' }] } }));
    tree = updateField(tree, total, (f) => ({ ...f, expression: 'qty * price + lines.amount' }));
    const definition: FormDefinition = toDefinition(tree);
    expect(validateDesign(definition)).toEqual([]);
    const compiled = compileForm(definition, { lookup: getWidget });
    expect(compiled.problems).toEqual([]);
    const data = recalculate(definition, { itemName: 'Flask', qty: 2, price: 3.5, lines: [{ amount: 1 }, { amount: 2 }], selectField108: null });
    expect(data.total).toBe(10);
    expect(validateSubmission(definition, data)).toEqual([]);
    expect(validateSubmission(definition, { ...data, itemName: 'flask' }).map((p) => p.rule)).toEqual(['pattern']);
    expect(validateSubmission(definition, { ...data, itemName: '' }).map((p) => p.rule)).toEqual(['required']);
  });
});

describe('the palette and the property panel schema', () => {
  it('lists every registered widget in one of four groups, an integrator\'s widget included', async () => {
    const { registerWidget } = await import('../../../registry/registerWidget.js');
    const custom: WidgetDefinition = { ...getWidget('comInput')!, label: { zh: '样品编号', zhtw: '樣品編號', en: 'Sample code' } };
    registerWidget('sampleCode', custom);
    const groups = paletteEntries(registeredKeys(), getWidget, 'en');
    const all = Object.values(groups).flat();
    expect(all.map((entry) => entry.jnpfKey).sort()).toEqual(registeredKeys().sort());
    expect(groups.advanced.find((entry) => entry.jnpfKey === 'sampleCode')?.label).toBe('Sample code');
    expect(groups.layout.map((entry) => entry.jnpfKey)).toEqual(expect.arrayContaining(['row', 'card', 'tab', 'collapse', 'tableGrid']));
    expect(groups.system.map((entry) => entry.jnpfKey)).toEqual(expect.arrayContaining(['createUser', 'billRule']));
  });

  it('edits each widget prop where the stored definition keeps it', () => {
    const comInput = getWidget('comInput')!;
    expect(pathOfProp(comInput, 'prepend')).toEqual(['__slot__', 'prepend']);
    const select = getWidget('select')!;
    expect(pathOfProp(select, 'options')).toEqual(['__slot__', 'options']);
    expect(pathOfProp(select, 'dataType')).toEqual(['__config__', 'dataType']);
    const field = newField('select', select, 101, 'zh').field;
    const { names } = panelSchema(select.propsSchema);
    const before = propsOfField(select, field, names);
    const after = fieldWithProps(select, field, before, { ...before, options: [{ fullName: 'Red', id: 'r' }], multiple: true });
    expect(after.__slot__?.options).toEqual([{ fullName: 'Red', id: 'r' }]);
    expect(after.multiple).toBe(true);
    expect(select.propsFromDefinition!(after)).toMatchObject({ options: [{ fullName: 'Red', id: 'r' }], multiple: true });
  });

  it('keeps only props rjsf can edit, for every registered widget', () => {
    for (const key of registeredKeys()) {
      const { schema, names } = panelSchema(getWidget(key)!.propsSchema);
      for (const name of names) {
        const property = (schema.properties as Record<string, { type?: unknown; enum?: unknown }>)[name]!;
        expect(Array.isArray(property.type), `${key}.${name}`).toBe(false);
        expect(property.type !== undefined || property.enum !== undefined, `${key}.${name}`).toBe(true);
      }
    }
  });

  it('names every prop the panel shows of a built-in widget in the three languages, none by its code', () => {
    const untitled: string[] = [];
    for (const key of registeredKeys()) {
      for (const name of panelSchema(getWidget(key)!.propsSchema).names) {
        if (['zh', 'zhtw', 'en'].some((language) => propTitle(name, language) === name)) untitled.push(`${key}.${name}`);
      }
    }
    expect(untitled).toEqual([]);
  });
});
