import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];
type Compile = (route: { schema: unknown }) => unknown;

/** One ajv per set of options for the whole process (@fastify/ajv-compiler's pool, shared instead of one per app). */
const pool = AjvCompiler();

/** Per compiler (one ajv), each schema's compiled function by the schema's text. */
const compiledBy = new WeakMap<object, Map<string, unknown>>();

/**
 * Compiles each route schema once per process rather than once per app. Fastify gives every app its own ajv, which
 * writes and evaluates a function for every route's schema: a process building many apps on the same modules (the
 * API tests build one per suite, about thirty in a worker) spent a fifth of its time compiling the same schemas
 * again. The same ajv options give the same ajv, and a schema of the same text its compiled function; a compiled
 * function keeps no state between calls that outlives the call (its `errors` are read as soon as it answers), so
 * apps can share it. A server process builds one app and sees no difference (decision 201).
 */
export const buildRouteValidator = ((externalSchemas: Record<string, unknown>, options: unknown) => {
  const compile = (pool as unknown as (external: unknown, options: unknown) => Compile)(externalSchemas, options);
  let compiled = compiledBy.get(compile);
  if (!compiled) compiledBy.set(compile, (compiled = new Map()));
  const known = compiled;
  return (route: { schema: unknown }) => {
    const text = JSON.stringify(route.schema);
    let validate = known.get(text);
    if (validate === undefined) known.set(text, (validate = compile(route)));
    return validate;
  };
}) as unknown as BuildValidator;
