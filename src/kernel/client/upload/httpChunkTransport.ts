import type { StoredFile } from '../../../../registry/components/services.js';
import { API_BASE, DEFAULT_REQUEST_TIMEOUT_MS } from '../../../shared/constants.js';
import { ResultCode, SESSION_CODES, isEnvelope, type Envelope } from '../../../shared/envelope.js';
import { UploadRefusedError, type ChunkParams, type ChunkTestAnswer, type ChunkTransport, type CompletionPayload } from './chunkTransport.js';

/**
 * The chunk protocol over HTTP (docs/api.md, "Files"): GET /api/file/chunk tests a chunk, POST sends it as
 * multipart (fields first, the bytes as `file`), POST /api/file/merge completes. Chunks go by XMLHttpRequest for
 * its upload progress; the app's axios layer is not used because its toasts and loading mask would fire for
 * every chunk and every retry: the panel shows the state instead.
 */
export interface HttpTransportDependencies {
  getToken(): string | null;
  getLanguageTag(): string;
  /** Codes 600–602: the session is over (the app's request layer does the same). */
  endSession(): void;
}

const CHUNK_URL = `${API_BASE}/file/chunk`;
const MERGE_URL = `${API_BASE}/file/merge`;
/** HTTP answers that no retry will change. */
const PERMANENT_HTTP = [400, 401, 403, 404, 413, 415];

const toFields = (params: ChunkParams): Record<string, string> => Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));

export function createHttpChunkTransport(deps: HttpTransportDependencies): ChunkTransport {
  const headers = (): Record<string, string> => {
    const token = deps.getToken();
    return { ...(token ? { Authorization: token } : {}), 'jnpf-origin': 'pc', 'Accept-Language': deps.getLanguageTag() };
  };
  const typeQuery = (params: ChunkParams) => new URLSearchParams({ fileType: params.fileType, extension: params.extension }).toString();

  /** Reads an answer: data on 200; a refusal (no retry) for session codes and 4xx; a plain error otherwise. */
  const read = <T>(status: number, body: unknown): T => {
    if (isEnvelope(body) && body.code === ResultCode.success) return (body as Envelope<T>).data;
    // Without an envelope there is no translated reason: the panel then says 上传失败 in the user's language.
    const message = isEnvelope(body) ? body.msg : '';
    if (isEnvelope(body) && SESSION_CODES.includes(body.code)) {
      deps.endSession();
      throw new UploadRefusedError(message);
    }
    if (PERMANENT_HTTP.includes(status) || (isEnvelope(body) && PERMANENT_HTTP.includes(body.code))) throw new UploadRefusedError(message);
    throw new Error(message || `HTTP ${status}`);
  };
  const json = async (response: Response) => {
    try {
      return (await response.json()) as unknown;
    } catch {
      return undefined;
    }
  };

  return {
    async testChunk(params, signal): Promise<ChunkTestAnswer> {
      const response = await fetch(`${CHUNK_URL}?${new URLSearchParams(toFields(params)).toString()}`, { headers: headers(), signal });
      const data = read<Partial<ChunkTestAnswer>>(response.status, await json(response));
      return { uploaded: Boolean(data?.uploaded), chunkNumbers: Array.isArray(data?.chunkNumbers) ? data.chunkNumbers.map(Number) : [], merge: Boolean(data?.merge) };
    },

    sendChunk(params, body, signal, onProgress) {
      return new Promise<void>((resolve, reject) => {
        const form = new FormData();
        Object.entries(toFields(params)).forEach(([key, value]) => form.append(key, value));
        form.append('file', body, params.filename);
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${CHUNK_URL}?${typeQuery(params)}`);
        Object.entries(headers()).forEach(([key, value]) => xhr.setRequestHeader(key, value));
        xhr.responseType = 'json';
        // A stalled chunk ends as a failure and is retried, rather than holding its slot for ever.
        xhr.timeout = DEFAULT_REQUEST_TIMEOUT_MS;
        xhr.upload.onprogress = (event) => onProgress(Math.min(event.loaded, body.size));
        xhr.onload = () => {
          try {
            read(xhr.status, xhr.response);
            resolve();
          } catch (error) {
            reject(error);
          }
        };
        xhr.onerror = () => reject(new Error('network error'));
        xhr.ontimeout = () => reject(new Error('timeout'));
        xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
        signal.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(form);
      });
    },

    async merge(payload: CompletionPayload, signal): Promise<StoredFile> {
      const form = new FormData();
      Object.entries(payload).forEach(([key, value]) => form.append(key, String(value)));
      const response = await fetch(MERGE_URL, { method: 'POST', headers: headers(), body: form, signal });
      const data = read<{ name?: string; fileId?: string; fileSize?: number; fileExtension?: string; fileVersionId?: string; url?: string }>(response.status, await json(response));
      return {
        name: payload.fileName,
        // JNPF's clients keep the answer's name as the item's fileId; ours answers both, equal.
        fileId: data.fileId ?? data.name ?? '',
        fileSize: data.fileSize ?? payload.fileSize,
        fileExtension: data.fileExtension ?? payload.extension,
        fileVersionId: data.fileVersionId,
        url: data.url ?? '',
      };
    },
  };
}
