import { memo, useRef, useState, type ChangeEvent } from 'react';
import { message, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '../types.js';
import { useWidgetServices, type StoredFile } from './services.js';
import { checkSelectedFile } from './UploadChecks.js';
import { useFileActions } from './UploadPreview.js';
import { useWidgetText, widgetText } from '../widgetText.js';

/**
 * The image upload field (uploadImg): picture cards of stored image items {name, fileId, url}. Each chosen image
 * is checked (count, size, image only: spec 001 §5) and sent whole to POST /api/file/Uploader/{type} (annexpic);
 * it joins the value when the answer's code is 200, otherwise it leaves the list with the server's msg
 * (spec 001 §4, §8). Clicking a card opens the image viewer.
 */
const TOAST_SECONDS = 1.5;
const MESSAGE_KEY = 'jnpf-upload-image';
let nextUid = 0;

export const UploadImage = memo(function UploadImage(props: WidgetProps<StoredFile[]>) {
  const { value, onChange, disabled, readOnly, limit, fileSize, sizeUnit } = props;
  const type = (props.type as string) || 'annexpic';
  useWidgetText();
  const { files: fileServices } = useWidgetServices();
  const files = Array.isArray(value) ? (value as StoredFile[]) : [];
  const actions = useFileActions(fileServices, type);
  const [pending, setPending] = useState<UploadFile[]>([]);
  // beforeUpload runs once per file of a batch before any re-render: counts and value are read from refs.
  const latest = useRef({ files, onChange, pending });
  latest.current = { files, onChange, pending: latest.current.pending };

  const editable = !disabled && !readOnly;
  const maxCount = Number(limit) > 0 ? Number(limit) : undefined;

  const setPendingBoth = (next: UploadFile[]) => {
    latest.current.pending = next;
    setPending(next);
  };

  const send = (file: File & { uid: string }) => {
    if (!fileServices) {
      void message.error({ content: widgetText('uploadUnavailable'), duration: TOAST_SECONDS });
      return;
    }
    setPendingBoth([...latest.current.pending, { uid: file.uid, name: file.name, status: 'uploading' }]);
    const settle = () => setPendingBoth(latest.current.pending.filter((item) => item.uid !== file.uid));
    fileServices
      .uploadImage(file, type, { pathType: (props.pathType as string) || 'defaultPath', isAccount: String(props.isAccount ?? '0'), folder: (props.folder as string) ?? '' })
      .then(
        (answer) => {
          settle();
          const next = [...latest.current.files, { name: file.name, fileId: answer.name, url: answer.url }];
          latest.current.files = next;
          latest.current.onChange?.(next);
        },
        (error: unknown) => {
          settle();
          const refused = error instanceof Error && error.name === 'UploadRefusedError' && error.message;
          void message.error({ content: refused || widgetText('uploadFailed'), duration: TOAST_SECONDS });
        },
      );
  };

  // Our own file input rather than antd's: antd drops files that miss `accept` without a word, and spec 001 §5
  // wants 请上传图片 said (a person may switch the picker to all files).
  const input = useRef<HTMLInputElement>(null);
  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    for (const file of chosen) {
      const count = latest.current.files.length + latest.current.pending.length;
      const problem = checkSelectedFile(file, { count, limit: maxCount, fileSize: Number(fileSize) || undefined, sizeUnit: sizeUnit as string, image: true });
      if (problem) void message.error({ content: problem, duration: TOAST_SECONDS, key: MESSAGE_KEY });
      else send(Object.assign(file, { uid: `pending-${(nextUid += 1)}` }));
    }
  };

  const fileList: UploadFile[] = [...files.map((file, index) => ({ uid: `${file.fileId}-${index}`, name: file.name, status: 'done' as const, url: file.url })), ...pending];
  const full = maxCount !== undefined && files.length + pending.length >= maxCount;

  return (
    <div className="jnpf-upload-image" data-testid="upload-image">
      <Upload
        listType="picture-card"
        fileList={fileList}
        openFileDialogOnClick={false}
        onPreview={(item) => {
          const stored = files.find((file, index) => `${file.fileId}-${index}` === item.uid);
          if (stored) actions.preview(stored);
        }}
        onRemove={(item) => {
          onChange?.(files.filter((file, index) => `${file.fileId}-${index}` !== item.uid));
          return false;
        }}
        disabled={!editable}
        showUploadList={{ showRemoveIcon: editable, showPreviewIcon: true }}
      >
        {editable && !full ? (
          <div role="button" tabIndex={0} aria-label={widgetText('clickToUpload')} onClick={() => input.current?.click()} onKeyDown={(e) => e.key === 'Enter' && input.current?.click()} style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <PlusOutlined />
          </div>
        ) : null}
      </Upload>
      <input ref={input} type="file" hidden accept="image/*" multiple={maxCount !== 1} onChange={onChosen} data-testid="upload-image-input" />
      {actions.element}
    </div>
  );
});
