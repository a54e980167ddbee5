import type { ComponentType, ReactNode } from 'react';
import type { FieldDefinition } from '../src/shared/form/definition.js';

/**
 * What a widget is to the runtime: a plain React component plus the facts the compiler, the designer and the
 * list pages need about it. Widgets know nothing of the compiler or of Formily: they take a value and an
 * onChange, like any controlled input.
 */
export interface WidgetProps<V = unknown> {
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
  readOnly?: boolean;
  /** The field key, for widgets that label their inner elements. */
  fieldKey?: string;
  [prop: string]: unknown;
}

/** Layout widgets get their children already rendered, as one block or as titled items (tabs, panels, cells). */
export interface LayoutItem {
  key: string;
  title?: ReactNode;
  content: ReactNode;
  /** tableGrid cells: position and spans. */
  colspan?: number;
  rowspan?: number;
  row?: number;
}

export interface LayoutProps {
  items?: LayoutItem[];
  children?: ReactNode;
  [prop: string]: unknown;
}

export type ValueShape = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'any' | 'none';

export interface WidgetDefinition {
  /** The name in the product's words, in the three languages (designer palette, error reports). */
  label: { zh: string; zhtw: string; en: string };
  /** field: stores a value; layout: holds other fields; display: shows something, stores nothing. */
  kind: 'field' | 'layout' | 'display';
  component: ComponentType<any>;
  /** Component props a definition may leave out. */
  defaultProps: Record<string, unknown>;
  /** JSON Schema (draft-07) of the component props: checked with ajv, and the designer's property panel. */
  propsSchema: Record<string, unknown>;
  value: {
    /** The value of an empty field of this kind ([] for multi-value kinds, null otherwise). */
    empty: unknown;
    shape: ValueShape;
  };
  flags: {
    storesValue: boolean;
    allowedInSubTable: boolean;
    listColumn: boolean;
    searchable: boolean;
  };
  /** Turns a stored definition's field into component props (JNPF's kebab-case and __slot__ into ours). */
  propsFromDefinition?: (field: FieldDefinition) => Record<string, unknown>;
  /** The widget shows something computed from the whole form: the runtime passes the values as `formValues`. */
  readsFormValues?: boolean;
  /**
   * In a sub-table, the text an idle cell shows in place of the widget (styled as the idle control); the widget
   * mounts when the cell takes focus. Leave it out and every cell holds a live widget. See components/cellText.ts.
   */
  cellText?: CellText;
}

/** A cell's text for its value and props; undefined when this configuration shows more than text (the cell stays live). */
export type CellText = (value: unknown, props: Record<string, unknown>) => string | undefined;
