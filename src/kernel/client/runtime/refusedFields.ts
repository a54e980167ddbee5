import { RequestError } from '../api/createRequest.js';

/**
 * Where a server's refusal of a form points: field → message, from the envelope it answered (data.field, or
 * data.problems [{field, message}], as every submission check answers). A form shows each on its field.
 */
interface Refusal {
  field?: string;
  problems?: { field?: string; message?: string }[];
}

export function refusedFields(error: unknown): [string, string][] {
  if (!(error instanceof RequestError) || !error.envelope) return [];
  const data = (error.envelope.data ?? {}) as Refusal;
  const listed = Array.isArray(data.problems) ? data.problems.filter((p) => p.field).map((p) => [String(p.field), String(p.message || error.message)] as [string, string]) : [];
  if (listed.length) return listed;
  return data.field ? [[String(data.field), error.message]] : [];
}
