import { Validator, type Schema } from '@cfworker/json-schema';
// Without import attributes: rjsf's ajv imports the same file plainly, and a bundler must see one form.
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { canonicalJnpfKey } from '../src/shared/form/jnpfKeys.js';
import type { WidgetDefinition } from './types.js';

/**
 * The widget registry, keyed by jnpfKey, looked up once per field and cached by the runtime. registerWidget is
 * the public way in: an integrator adds a widget with one call and no edit elsewhere. Keys are stored under
 * their V3 name, so a V5 name (input, inputNumber, datePicker...) finds the same widget.
 */
const widgets = new Map<string, WidgetDefinition>();
const listeners = new Set<() => void>();

/**
 * Schemas are checked by interpretation (@cfworker/json-schema), not compiled to code as ajv does: the browser
 * runs under a Content-Security-Policy without 'unsafe-eval', where ajv.compile cannot work. ajv checks the same
 * built-in schemas in the test suite (tests/kernel/unit/widgetSchemas.test.ts), so both agree on them.
 */
const metaSchema = new Validator(draft07 as unknown as Schema, '7', false);
const validators = new Map<string, Validator>();

function describeErrors(errors: { instanceLocation: string; error: string }[]): string {
  return errors
    .filter((e) => !/^Property .* does not match schema/.test(e.error))
    .slice(0, 3)
    .map((e) => `${e.instanceLocation || '#'} ${e.error}`)
    .join('; ');
}

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
  if (definition.cellText !== undefined && typeof definition.cellText !== 'function') {
    throw new WidgetRegistrationError(jnpfKey, 'cellText must be a function of the value and props');
  }
  const schemaCheck = metaSchema.validate(definition.propsSchema);
  if (!schemaCheck.valid) {
    throw new WidgetRegistrationError(jnpfKey, `propsSchema is not a valid JSON Schema (${describeErrors(schemaCheck.errors)})`);
  }
  const validator = new Validator(definition.propsSchema as Schema, '7', false);
  const defaultsCheck = validator.validate(definition.defaultProps);
  if (!defaultsCheck.valid) {
    throw new WidgetRegistrationError(jnpfKey, `defaultProps do not match propsSchema: ${describeErrors(defaultsCheck.errors)}`);
  }
  const key = canonicalJnpfKey(jnpfKey)!;
  widgets.set(key, definition);
  validators.set(key, validator);
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
  const validator = validators.get(canonicalJnpfKey(jnpfKey) ?? '');
  if (!validator) return undefined;
  const result = validator.validate(props);
  return result.valid ? undefined : describeErrors(result.errors);
}
