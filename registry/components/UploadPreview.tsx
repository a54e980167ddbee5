import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Button, Image, message, Modal, Space, Spin } from 'antd';
import type { FilePreview, FileServices, StoredFile } from './services.js';
import { extensionOf } from './UploadChecks.js';
import { widgetText } from '../widgetText.js';

/**
 * Download, download all and preview of stored files (spec 001 §2 "Document preview", §5, §7): images open in
 * the image viewer (above every dialog, z-index 10000), PDFs, text and Word, Excel and PowerPoint files (as the
 * server converted them) in a full-screen dialog with a download button, anything else downloads. Downloads open the server's signed address, which needs no header.
 */
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif'];
// Word, Excel and PowerPoint previews bring tables and the HTML sanitizer: loaded with the first one shown.
const OfficeView = lazy(async () => ({ default: (await import('./OfficeView.js')).OfficeView }));
const TOAST_SECONDS = 1.5;

export function openAddress(url: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = url;
  if (fileName) link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export interface FileActions {
  preview(file: StoredFile): void;
  download(file: StoredFile): void;
  downloadAll(files: StoredFile[]): void;
  /** The viewer and the dialog; render it once beside the list. */
  element: ReactNode;
}

export function useFileActions(services: FileServices | undefined, type: string): FileActions {
  const [image, setImage] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ file: StoredFile; preview?: FilePreview } | null>(null);

  const download = useCallback(
    (file: StoredFile) => {
      if (!services || !file.fileId) return;
      services.downloadUrl(type, file.fileId).then((url) => openAddress(url, file.name), () => undefined);
    },
    [services, type],
  );

  const downloadAll = useCallback(
    (files: StoredFile[]) => {
      if (!files.length) {
        void message.error({ content: widgetText('noFilesFound'), duration: TOAST_SECONDS });
        return;
      }
      services?.packDownload(type, files.map((file) => ({ fileId: file.fileId, fileName: file.name }))).then(({ url, name }) => openAddress(url, name), () => undefined);
    },
    [services, type],
  );

  const preview = useCallback(
    (file: StoredFile) => {
      const extension = file.fileExtension?.toLowerCase() || extensionOf(file.name);
      if (IMAGE_EXTENSIONS.includes(extension) && file.url) {
        setImage(file.url);
        return;
      }
      if (!services) return;
      setDialog({ file });
      services.preview(file).then(
        (answer) => {
          if (!answer) {
            void message.warning({ content: widgetText('fileMissing'), duration: TOAST_SECONDS });
            setDialog(null);
          } else if (answer.previewType === 'image') {
            setDialog(null);
            setImage(answer.url);
          } else {
            setDialog({ file, preview: answer });
          }
        },
        (error: unknown) => {
          void message.error({ content: error instanceof Error ? error.message : String(error), duration: TOAST_SECONDS });
          setDialog(null);
        },
      );
    },
    [services],
  );

  const element = (
    <>
      {image && (
        <Image
          style={{ display: 'none' }}
          src={image}
          preview={{ visible: true, src: image, zIndex: 10000, onVisibleChange: (visible) => !visible && setImage(null) }}
        />
      )}
      {dialog && (
        <Modal
          open
          width="100vw"
          style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
          styles={{ body: { height: 'calc(100vh - 64px)', padding: 0, overflow: 'auto' } }}
          rootClassName="jnpf-file-preview"
          closable={false}
          footer={null}
          keyboard
          onCancel={() => setDialog(null)}
          title={
            <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{widgetText('documentPreview', { name: dialog.file.name })}</span>
              <Space>
                <Button type="primary" onClick={() => download(dialog.file)} data-testid="preview-download">{widgetText('fileDownload')}</Button>
                <Button onClick={() => setDialog(null)}>{widgetText('cancel')}</Button>
              </Space>
            </div>
          }
        >
          {!dialog.preview ? (
            <div style={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center' }}><Spin /></div>
          ) : dialog.preview.previewType === 'text' ? (
            <pre data-testid="preview-text" style={{ margin: 0, padding: 16, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}>{dialog.preview.text}</pre>
          ) : dialog.preview.previewType === 'office' && dialog.preview.document ? (
            <Suspense fallback={<Spin />}>
              <div style={{ padding: 16 }}>
                <OfficeView document={dialog.preview.document} />
              </div>
            </Suspense>
          ) : dialog.preview.previewType === 'pdf' ? (
            <iframe title={dialog.file.name} src={dialog.preview.url} style={{ width: '100%', height: '100%', border: 0 }} />
          ) : (
            // Spec 001 §2: every non-image file opens in this dialog; what the browser cannot show is offered by
            // the download button above.
            <div data-testid="preview-unavailable" style={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center' }}>
              {widgetText('previewUnavailable', { name: dialog.file.name })}
            </div>
          )}
        </Modal>
      )}
    </>
  );
  return { preview, download, downloadAll, element };
}
