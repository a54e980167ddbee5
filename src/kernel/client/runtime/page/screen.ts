import { Validator, type Schema } from '@cfworker/json-schema';
import pageSchema from '../../../../../schemas/meta/page.schema.json';
import type { FieldDefinition, FormDefinition } from '../../../../shared/form/definition.js';

/**
 * A screen document (schemas/screens/*.json), checked against schemas/meta/page.schema.json before anything
 * renders: an invalid one yields the problems with their place in the document, never a blank page. Checked by
 * interpretation (@cfworker/json-schema): ajv's generated code cannot run under the CSP.
 */
export type Text = string | { zh: string; zhtw?: string; en?: string };

export interface ScreenCall {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean>;
  /** Values may nest arrays and objects; every string in them is a template. */
  body?: Record<string, unknown>;
}

export interface ScreenButton {
  value: string;
  label: Text;
  icon?: string;
  enCode?: string;
  confirm?: Text;
  /** What the button does when its value is not one of the list's own (add, edit, remove...). */
  action?: ActionSpec;
  /** A row button shown only on rows whose `prop` is one of `in` (a company's edit), or that meet every one of a list. */
  when?: ButtonCondition | ButtonCondition[];
}

/** A row's `prop` is one of `in`; '' matches an empty value, '{currentUser}' the signed-in user's id. */
export interface ButtonCondition {
  prop: string;
  in: (string | number | boolean)[];
}

/** An action by its registered actionType; its other properties are the action's own (see actions.ts). */
export interface ActionSpec {
  actionType: string;
  [property: string]: unknown;
}

/** A page node by its registered type; its other properties are the node's own (see pageNodes.tsx). */
export interface PageNodeSpec {
  type: string;
  [property: string]: unknown;
}

/** A cell renderer by name, or by name with its settings ({name: 'dictionary', dictionaryType: 'grade'}). */
export type CellSpec = string | { name: string; [setting: string]: unknown };

export interface ScreenColumn {
  prop: string;
  label: Text;
  align?: 'left' | 'center' | 'right' | null;
  width?: number | null;
  sortable?: boolean;
  /** type 4: the widget a cell edits with (comInput when absent). */
  jnpfKey?: string;
}

/** A list: columnData speaks JNPF's list vocabulary, formData is a JNPF form definition. */
export interface ListSpec {
  title?: Text;
  rowKey?: string;
  columnData: {
    type: 1 | 2 | 4 | 5;
    columnList: ScreenColumn[];
    searchList?: FieldDefinition[];
    btnsList?: ScreenButton[];
    columnBtnsList?: ScreenButton[];
    hasPage?: boolean;
    pageSize?: number;
    defaultSidx?: string;
    sort?: 'asc' | 'desc';
    treeTitle?: Text;
    useColumnPermission?: boolean;
    useFormPermission?: boolean;
    useBtnPermission?: boolean;
    lazyChildren?: boolean;
  };
  formData?: FormDefinition & {
    titles?: { create?: Text; edit?: Text };
    createDefaults?: Record<string, string | number | boolean | null>;
    rootValue?: { field: string; stored: string; shown: string };
  };
  api: Partial<Record<'list' | 'children' | 'info' | 'create' | 'update' | 'remove' | 'state' | 'export' | 'import', ScreenCall>> & { list: ScreenCall };
  treeBlock?: { name: string; title?: Text; props?: Record<string, unknown> };
  cells?: Record<string, CellSpec>;
  clearsCaches?: 'dictionary'[];
  /** The import call answered 409 (the file's category exists): ask `confirm`, and on yes send it again with `query`. */
  importExisting?: { query: Record<string, string | number | boolean>; confirm: Text };
  /** ?{param}=<id> in the address runs the row button `button` on that id when the list opens (an order's detail). */
  openFromAddress?: { param: string; button: string };
}

/**
 * A screen is a list (the list's properties at the top, as every screen before page nodes) or a `body` node
 * holding any page nodes.
 */
export type Screen = { screen: string; title: Text; moduleCode?: string } & (ListSpec | { body: PageNodeSpec });

/** The node a screen renders: its body, or the list its top level describes. */
export function screenBody(screen: Screen): PageNodeSpec {
  if ('body' in screen) return screen.body;
  return { ...screen, type: 'list' };
}

export interface ScreenProblem {
  /** Where in the document: columnData.columnList[0].prop */
  path: string;
  message: string;
}

export class ScreenError extends Error {
  constructor(
    readonly screen: string,
    readonly problems: ScreenProblem[],
  ) {
    super(`screen ${screen} is not valid: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    this.name = 'ScreenError';
  }
}

const validator = new Validator(pageSchema as unknown as Schema, '7', false);

/** '#/columnData/columnList/0/prop' → 'columnData.columnList[0].prop' */
export function readablePath(pointer: string): string {
  const parts = pointer.replace(/^#\/?/, '').split('/').filter(Boolean).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '') || '(document)';
}

export function checkScreen(name: string, document: unknown): Screen {
  const result = validator.validate(document);
  if (result.valid) return document as Screen;
  // Keep the innermost errors: the outer ones only say that something below failed.
  const leaves = result.errors.filter((error) => !result.errors.some((other) => other !== error && other.instanceLocation.startsWith(`${error.instanceLocation}/`)));
  const problems = [...new Map(leaves.map((e) => [`${e.instanceLocation}|${e.error}`, { path: readablePath(e.instanceLocation), message: e.error }])).values()];
  throw new ScreenError(name, problems.slice(0, 12));
}

export function textOf(text: Text | undefined, language: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return (language === 'zhtw' ? text.zhtw : language === 'en' ? text.en : text.zh) ?? text.zh;
}
