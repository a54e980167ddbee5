import { request } from '../../../api/request.js';
import type { ImportHeader, ImportResult, ImportRow } from './importFile.js';

/**
 * The generic import calls of a module path M (`permission/Users`, `visualdev/OnlineDev/{id}`): spec 001 §7
 * "Bulk import". The dialog takes them as an object so tests and integrators can stand in for the server.
 */
export interface ImportApi {
  upload(file: File): Promise<{ name: string }>;
  template(): Promise<{ name: string; url: string }>;
  preview(fileName: string): Promise<{ headerRow: ImportHeader[]; dataRow: ImportRow[] }>;
  importData(list: ImportRow[]): Promise<ImportResult>;
  failures(list: ImportRow[]): Promise<{ name: string; url: string }>;
}

/** A module path as the screen gives it, without slashes at either end; each part URL-safe. */
export function importBase(module: string): string {
  return `/${module.split('/').filter(Boolean).map(encodeURIComponent).join('/')}`;
}

export function importApiFor(module: string): ImportApi {
  const base = importBase(module);
  return {
    async upload(file) {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await request<{ name: string }>({ url: `${base}/Uploader`, method: 'POST', data: form as never })).data;
    },
    template: async () => (await request<{ name: string; url: string }>({ url: `${base}/TemplateDownload` })).data,
    preview: async (fileName) => (await request<{ headerRow: ImportHeader[]; dataRow: ImportRow[] }>({ url: `${base}/ImportPreview`, data: { fileName } })).data,
    importData: async (list) => (await request<ImportResult>({ url: `${base}/ImportData`, method: 'POST', data: { list } })).data,
    failures: async (list) => (await request<{ name: string; url: string }>({ url: `${base}/ImportExceptionData`, method: 'POST', data: { list } })).data,
  };
}
