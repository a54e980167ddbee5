import type { FilePreview, FileServices, OfficePreviewDocument } from '../../../../registry/components/services.js';
import { RequestError } from '../api/createRequest.js';
import { request } from '../api/request.js';
import { i18n, languageTag } from '../i18n/index.js';
import { resetSession, session } from '../stores/session.js';
import { ChunkUploader } from './chunkUploader.js';
import { UploadRefusedError } from './chunkTransport.js';
import { hashFile } from './hashFile.js';
import { createHttpChunkTransport } from './httpChunkTransport.js';

/**
 * The file services widgets receive (registry/components/services.tsx): the chunk engine over HTTP with the
 * worker hasher, and the file calls of docs/api.md ("Files") through the app's request layer.
 */
const transport = createHttpChunkTransport({
  getToken: () => session.token,
  getLanguageTag: () => languageTag(i18n.language),
  endSession: () => {
    resetSession();
    window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  },
});

/** A preview shows at most this much text: a log of gigabytes must not freeze the tab. */
const PREVIEW_TEXT_LIMIT = 1_000_000;

/** The first `limit` bytes of a response as text; the rest is never downloaded. */
async function readTextStart(response: Response, limit: number): Promise<string> {
  if (!response.body) return (await response.text()).slice(0, limit);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const part of parts) {
    const take = part.subarray(0, bytes.length - at);
    bytes.set(take, at);
    at += take.length;
  }
  // A multi-byte character cut at the limit becomes one replacement mark rather than an error.
  return new TextDecoder().decode(bytes);
}

export const platformFileServices: FileServices = {
  createUploadSession: ({ onSuccess, onFailure, ...completion }) => new ChunkUploader({ transport, hash: hashFile, completion, onSuccess, onFailure }),

  async uploadImage(file, type, fields) {
    const form = new FormData();
    Object.entries(fields).forEach(([key, value]) => form.append(key, value));
    form.append('file', file, file.name);
    // Silent: the widget shows the server's msg for 1.5 seconds (spec 001 §8), not the layer's 3-second toast.
    let data: { name?: string; fileId?: string; url?: string } | undefined;
    try {
      ({ data } = await request<typeof data>({ url: `/file/Uploader/${type}`, method: 'POST', data: form, silent: true }));
    } catch (error) {
      // The server's refusal carries its msg; a lost connection is the widget's 上传失败.
      if (error instanceof RequestError && error.envelope) throw new UploadRefusedError(error.envelope.msg);
      throw error;
    }
    return { name: data?.fileId ?? data?.name ?? '', url: data?.url ?? '' };
  },

  async downloadUrl(type, fileId) {
    const { data } = await request<{ url: string }>({ url: `/file/Download/${encodeURIComponent(type)}/${encodeURIComponent(fileId)}` });
    return data.url;
  },

  async packDownload(type, files) {
    const { data } = await request<{ downloadVo: { url: string; name?: string }; downloadName: string }>({ url: `/file/PackDownload/${encodeURIComponent(type)}`, method: 'POST', data: files });
    return { url: data.downloadVo.url, name: data.downloadName };
  },

  async preview(file): Promise<FilePreview | null> {
    try {
      const { data } = await request<{ previewType?: FilePreview['previewType']; url?: string; name?: string }>({
        url: '/file/Uploader/Preview',
        data: { fileVersionId: file.fileVersionId ?? file.fileId, fileName: file.fileId, fileDownloadUrl: file.url },
        silent: true,
      });
      if (!data?.url) return null;
      const preview: FilePreview = { previewType: data.previewType ?? 'download', url: data.url, name: file.name };
      if (preview.previewType === 'office') {
        try {
          const converted = await request<OfficePreviewDocument>({
            url: '/file/Uploader/PreviewDocument',
            data: { fileVersionId: file.fileVersionId ?? file.fileId, fileName: file.fileId, fileDownloadUrl: file.url },
            silent: true,
          });
          preview.document = converted.data;
        } catch (error) {
          // A file that is not what its name says (400): the dialog offers its download, as for any other file.
          if (!(error instanceof RequestError) || error.envelope?.code !== 400) throw error;
          preview.previewType = 'download';
        }
      }
      if (preview.previewType === 'text') {
        const response = await fetch(data.url);
        if (!response.ok) return null;
        preview.text = await readTextStart(response, PREVIEW_TEXT_LIMIT);
      }
      return preview;
    } catch (error) {
      // 文件不存在 is the widget's to say (spec 001 §5); anything else is a real failure.
      if (error instanceof RequestError && error.envelope?.code === 404) return null;
      throw error;
    }
  },
};

/** Chat images go to the same upload call under type IM (spec 001 §7); the server holds them to 5,242,880 bytes. */
export const CHAT_IMAGE_TYPE = 'IM';
export const uploadChatImage = (file: File) => platformFileServices.uploadImage(file, CHAT_IMAGE_TYPE, { pathType: 'defaultPath', isAccount: '0', folder: '' });
