import type { FieldDefinition } from '../../../../../shared/form/definition.js';
import type { WidgetDefinition } from '../../../../../../registry/types.js';

/**
 * A widget's props schema names component props (maxLength, prepend, options); the stored definition may keep
 * them under JNPF's names (maxlength, __slot__.prepend, __slot__.options). propsFromDefinition knows the way
 * from one to the other; the designer learns it by asking propsFromDefinition about a probe field whose every
 * property answers a marker of its own path, and seeing which marker lands in which prop. A prop no marker
 * reaches (computed, or unmapped) is stored under its own name. Learned once per widget.
 */
const PATH = Symbol('probePath');

function probe(path: string[]): unknown {
  // An array target: Array.isArray(marker) holds, so `Array.isArray(options) ? options : []` keeps the marker.
  const target: unknown[] = [];
  return new Proxy(target, {
    get(object, key) {
      if (key === PATH) return path;
      if (typeof key === 'symbol' || key in Array.prototype) return Reflect.get(object, key);
      return probe([...path, key]);
    },
    has: () => true,
  });
}

const learned = new WeakMap<WidgetDefinition, Map<string, string[]>>();

export function definitionPaths(widget: WidgetDefinition): Map<string, string[]> {
  const known = learned.get(widget);
  if (known) return known;
  const paths = new Map<string, string[]>();
  if (widget.propsFromDefinition) {
    try {
      const props = widget.propsFromDefinition(probe([]) as FieldDefinition);
      for (const [prop, value] of Object.entries(props ?? {})) {
        const path = value && typeof value === 'object' ? (value as { [PATH]?: string[] })[PATH] : undefined;
        if (Array.isArray(path) && path.length > 0) paths.set(prop, path);
      }
    } catch {
      // A propsFromDefinition the probe cannot walk: every prop is stored under its own name.
    }
  }
  learned.set(widget, paths);
  return paths;
}

export function pathOfProp(widget: WidgetDefinition, prop: string): string[] {
  return definitionPaths(widget).get(prop) ?? [prop];
}

export function readPath(field: FieldDefinition, path: readonly string[]): unknown {
  let value: unknown = field;
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of `field` with `value` at `path` (undefined removes it); the objects on the way are copied, the rest shared. */
export function writePath(field: FieldDefinition, path: readonly string[], value: unknown): FieldDefinition {
  const write = (object: Record<string, unknown>, at: number): Record<string, unknown> => {
    const key = path[at]!;
    const next = { ...object };
    if (at === path.length - 1) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    } else {
      const inner = object[key];
      next[key] = write(inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}, at + 1);
    }
    return next;
  };
  return write(field as Record<string, unknown>, 0) as FieldDefinition;
}

/** The props the panel shows, read from the definition through the learned paths. */
export function propsOfField(widget: WidgetDefinition, field: FieldDefinition, names: readonly string[]): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const name of names) {
    const value = readPath(field, pathOfProp(widget, name));
    if (value !== undefined) props[name] = value;
  }
  return props;
}

/** Writes the panel's props back where the definition keeps them; props that did not change are left alone. */
export function fieldWithProps(widget: WidgetDefinition, field: FieldDefinition, before: Record<string, unknown>, after: Record<string, unknown>): FieldDefinition {
  let next = field;
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[name]) === JSON.stringify(after[name])) continue;
    next = writePath(next, pathOfProp(widget, name), after[name]);
  }
  return next;
}
