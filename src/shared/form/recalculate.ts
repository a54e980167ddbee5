import type { FormDefinition } from './definition.js';
import { formCalculations, runCalculations } from './calculatedFields.js';

/**
 * A submission with every calculated field recomputed from the definition's formulas, sub-table columns
 * included, so a stored result is always the formula's and never what a client sent. Sub-table summaries
 * are not stored (the footer computes them with summarize), so there is nothing of theirs to restore.
 * The data is not mutated; rows that were already right are kept as they are.
 */
export function recalculate(definition: FormDefinition, data: Readonly<Record<string, unknown>>, warn?: (message: string) => void): Record<string, unknown> {
  return runCalculations(data ?? {}, formCalculations(definition), warn).values;
}
