import { Validator, type Schema } from '@cfworker/json-schema';
import { createErrorHandler, toErrorList, toErrorSchema, unwrapErrorHandler, validationDataMerge, type CustomValidator, type ErrorSchema, type ErrorTransformer, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidationData, type ValidatorType } from '@rjsf/utils';

/**
 * rjsf's validator, by interpretation. @rjsf/validator-ajv8 compiles schemas to code with `new Function`, which
 * the app's Content-Security-Policy (no 'unsafe-eval') forbids; @cfworker/json-schema walks the schema instead,
 * as the registry already does for props schemas. This adapter speaks rjsf's ValidatorType over it.
 */
const validators = new WeakMap<object, Validator>();

function validatorFor(schema: RJSFSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new Validator(schema as Schema, '7', false);
    validators.set(schema, validator);
  }
  return validator;
}

/**
 * The form data as JSON holds it. rjsf adds an array item without a default as `undefined`, which cfworker
 * refuses to validate at all (it throws "Instances of "undefined" type are not supported", which took the whole
 * designer down on the sub-table's 合计字段 + Add Item). As JSON, an undefined item is null and an undefined
 * property is absent: the schema then reports them like any other value.
 */
function asJson(data: unknown): unknown {
  if (data === undefined) return undefined;
  return JSON.parse(JSON.stringify(data));
}

interface RawError {
  instanceLocation: string;
  keyword: string;
  error: string;
}

/** cfworker reports each failure and then its parents ("Property x does not match schema"): the leaves are enough. */
function toRjsfErrors(errors: readonly RawError[]): RJSFValidationError[] {
  return errors
    .filter((error) => !['properties', 'items', 'additionalProperties', 'allOf', '$ref'].includes(error.keyword) || !/does not match/.test(error.error))
    .map((error) => {
      const property = error.instanceLocation.replace(/^#/, '').replace(/\//g, '.');
      return { name: error.keyword, property, message: error.error, params: {}, stack: `${property} ${error.error}`.trim(), schemaPath: error.instanceLocation };
    });
}

export const interpretingValidator: ValidatorType<any, RJSFSchema, any> = {
  validateFormData(formData: unknown, schema: RJSFSchema, customValidate?: CustomValidator, transformErrors?: ErrorTransformer, uiSchema?: UiSchema): ValidationData<any> {
    let errors = formData === undefined ? [] : toRjsfErrors(validatorFor(schema).validate(asJson(formData)).errors as RawError[]);
    if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema(errors) as ErrorSchema;
    if (typeof customValidate !== 'function') return { errors, errorSchema };
    const handler = customValidate(formData, createErrorHandler(formData), uiSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  },
  toErrorList(errorSchema?: ErrorSchema, fieldPath?: string[]): RJSFValidationError[] {
    return toErrorList(errorSchema, fieldPath);
  },
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    // rjsf asks this while choosing among anyOf/oneOf branches: a branch may $ref the root's definitions.
    const withDefinitions = rootSchema && rootSchema !== schema && rootSchema.definitions ? { ...schema, definitions: rootSchema.definitions } : schema;
    return formData === undefined || validatorFor(withDefinitions).validate(asJson(formData)).valid;
  },
  rawValidation<Result = any>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      const result = validatorFor(schema).validate(asJson(formData));
      return { errors: result.errors as unknown as Result[] };
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  },
};
