import type { TFunction } from 'i18next';
import { createRegistry, isFunction } from './registry.js';
import type { Context } from './template.js';

/**
 * Validators: the rules a screen's input must pass before anything is sent, registered by name, so a domain keeps
 * its own rule (a CAS number's check digit, a requisition's submit rules in the spec's order) while the screen's
 * layout and wiring stay in JSON. A validator reads a value (a search box's text, a form's body) and answers either
 * a problem, in words for the user, or the value to send (a search text read as {cas} or {keyword}; null: nothing
 * to send, and nothing wrong).
 */
export type Validated = { ok: true; value?: unknown } | { ok: false; message: string };

export interface ValidatorEnv {
  t: TFunction;
  language: string;
  context: Context;
}

export type Validator = (value: unknown, env: ValidatorEnv) => Validated;

const validators = createRegistry<Validator>('validator', isFunction, 'a function (value, env) => {ok, value | message}');

export const registerValidator = validators.register;
export const validatorNames = validators.names;

/** Runs a validator by name; none named passes the value as it is, and a name nobody registered is a problem. */
export function validate(name: string | undefined, value: unknown, env: ValidatorEnv): Validated {
  if (!name) return { ok: true, value };
  const validator = validators.get(name);
  if (!validator) return { ok: false, message: env.t('page.unknownValidator', { name }) };
  const result = validator(value, env);
  return result.ok && !('value' in result) ? { ok: true, value } : result;
}
