import Ajv from 'ajv';
import { canonicalJnpfKey } from '../src/shared/form/jnpfKeys.js';
import type { WidgetDefinition } from './types.js';

/**
 * The widget registry, keyed by jnpfKey, looked up once per field and cached by the runtime. registerWidget is
 * the public way in: an integrator adds a widget with one call and no edit elsewhere. Keys are stored under
 * their V3 name, so a V5 name (input, inputNumber, datePicker...) finds the same widget.
 */
const widgets = new Map<string, WidgetDefinition>();
const ajv = new Ajv({ allErrors: true, strict: false });
const listeners = new Set<() => void>();

export class WidgetRegistrationError extends Error {
  constructor(jnpfKey: string, reason: string) {
    super(`widget "${jnpfKey}" cannot be registered: ${reason}`);
    this.name = 'WidgetRegistrationError';
  }
}

export function registerWidget(jnpfKey: string, definition: WidgetDefinition): void {
  if (!jnpfKey || typeof jnpfKey !== 'string') throw new WidgetRegistrationError(String(jnpfKey), 'the jnpfKey must be a non-empty string');
  if (typeof definition?.component !== 'function' && typeof definition?.component !== 'object') {
    throw new WidgetRegistrationError(jnpfKey, 'component must be a React component');
  }
  let validate;
  try {
    validate = ajv.compile(definition.propsSchema);
  } catch (error) {
    throw new WidgetRegistrationError(jnpfKey, `propsSchema is not a valid JSON Schema (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!validate(definition.defaultProps)) {
    throw new WidgetRegistrationError(jnpfKey, `defaultProps do not match propsSchema: ${ajv.errorsText(validate.errors)}`);
  }
  widgets.set(canonicalJnpfKey(jnpfKey)!, definition);
  listeners.forEach((listener) => listener());
}

export function getWidget(jnpfKey: string | undefined): WidgetDefinition | undefined {
  const key = canonicalJnpfKey(jnpfKey);
  return key ? widgets.get(key) : undefined;
}

export function registeredKeys(): string[] {
  return [...widgets.keys()];
}

/** The runtime rebuilds its component table when an integrator registers a widget after start-up. */
export function onRegistryChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Checks a definition's props against a widget's schema; the preview page reports the errors. */
export function checkWidgetProps(jnpfKey: string, props: Record<string, unknown>): string | undefined {
  const widget = getWidget(jnpfKey);
  if (!widget) return undefined;
  const validate = ajv.compile(widget.propsSchema);
  return validate(props) ? undefined : ajv.errorsText(validate.errors);
}
