import { request } from '../../api/request.js';
import type { FilledCall } from './template.js';

/** A screen's call through the request layer: GET and DELETE send the query, the others the body. */
export function callScreenApi<T = unknown>(call: FilledCall, extraBody: Record<string, unknown> = {}) {
  const sendsQuery = call.method === 'GET' || call.method === 'DELETE';
  return request<T>({ url: call.url, method: call.method, ...(sendsQuery ? { data: call.query } : { params: call.query, data: { ...call.body, ...extraBody } }) });
}

/** Downloads a file the server made (an export answers data.url under /api). */
export async function downloadFile(url: string, name: string): Promise<void> {
  const { data } = await request<Blob>({ url: url.replace(/^\/api/, ''), responseType: 'blob' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(data);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** `silent`: a refusal is the caller's to show (it may ask a question instead of showing an error). */
export function uploadFile<T = unknown>(call: FilledCall, file: File, { silent = false }: { silent?: boolean } = {}) {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<T>({ url: call.url, method: 'POST', data: form as never, params: Object.keys(call.query).length ? call.query : undefined, silent });
}
