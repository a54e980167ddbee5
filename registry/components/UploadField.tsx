import { memo, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { Button, message } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '../types.js';
import { useWidgetServices, type StoredFile, type UploadFailure, type UploadSession, type UploadTaskView } from './services.js';
import { checkCount, checkSelectedFile } from './UploadChecks.js';
import { UploadFileList } from './UploadFileList.js';
import { UploadPanel } from './UploadPanel.js';
import { useFileActions } from './UploadPreview.js';
import { useWidgetText, widgetText } from '../widgetText.js';

/**
 * The file upload field (uploadFz): a plain controlled component whose value is the list of stored file items
 * (spec 001 §3). Chosen files are checked (spec 001 §5), then go through the chunked upload session the widget
 * services provide; the panel shows them until they are stored, and each stored file joins the value.
 */
export type { StoredFile } from './services.js';

const TOAST_SECONDS = 1.5;
/** A stored file stays in the panel as 上传成功 for a moment before the list alone shows it. */
const SUCCESS_LINGER_MS = 1500;
const NO_TASKS: UploadTaskView[] = [];
/** One toast at a time for selection problems: choosing ten files over the limit says it once. */
const MESSAGE_KEY = 'jnpf-upload';

const failureText = (task: UploadTaskView, failure: UploadFailure) =>
  failure.kind === 'read' ? widgetText('fileReadError', { name: task.name }) : failure.kind === 'refused' && failure.message ? failure.message : widgetText('uploadFailed');

export const UploadField = memo(function UploadField(props: WidgetProps<StoredFile[]>) {
  const { value, onChange, disabled, readOnly, limit, fileSize, sizeUnit, accept, buttonText, tipText } = props;
  const type = (props.type as string) || 'annex';
  const pathType = (props.pathType as string) || 'defaultPath';
  const isAccount = String(props.isAccount ?? '0');
  const folder = (props.folder as string) ?? '';
  useWidgetText();
  const { files: fileServices } = useWidgetServices();
  const files = Array.isArray(value) ? (value as StoredFile[]) : [];
  const actions = useFileActions(fileServices, type);
  const input = useRef<HTMLInputElement>(null);

  // The session reports successes after renders have moved on: it reads the newest value and onChange here. A
  // render with the value it already had keeps the list the successes built: several files finishing together
  // each add to it, before the form has handed the first of them back (a render in between lost one).
  const latest = useRef({ files, onChange, seen: value });
  if (latest.current.seen !== value) latest.current = { files, onChange, seen: value };
  latest.current.onChange = onChange;

  const [session, setSession] = useState<UploadSession | null>(null);
  useEffect(() => {
    if (!fileServices) return undefined;
    const created = fileServices.createUploadSession({
      type,
      pathType,
      isAccount,
      folder,
      onSuccess(task, stored) {
        const next = [...latest.current.files, stored];
        latest.current.files = next;
        latest.current.onChange?.(next);
        setTimeout(() => created.remove(task.id), SUCCESS_LINGER_MS);
      },
      onFailure(task, failure) {
        void message.error({ content: failureText(task, failure), duration: TOAST_SECONDS });
      },
    });
    setSession(created);
    return () => {
      created.dispose();
      setSession(null);
    };
  }, [fileServices, type, pathType, isAccount, folder]);
  const subscribe = useCallback((listener: () => void) => (session ? session.subscribe(listener) : () => undefined), [session]);
  const snapshot = useCallback(() => session?.tasks() ?? NO_TASKS, [session]);
  const tasks = useSyncExternalStore(subscribe, snapshot);

  const editable = !disabled && !readOnly;
  const isLimited = Number(limit) > 0 ? Number(limit) : undefined;
  /** Files held or on their way; a stored file still lingering in the panel is counted once. */
  const occupied = () => latest.current.files.length + (session?.tasks().filter((task) => task.status !== 'success').length ?? 0);

  const openChooser = () => {
    if (!session) {
      void message.error({ content: widgetText('uploadUnavailable'), duration: TOAST_SECONDS });
      return;
    }
    const problem = checkCount({ count: occupied(), limit: isLimited });
    if (problem) {
      void message.error({ content: problem, duration: TOAST_SECONDS, key: MESSAGE_KEY });
      return;
    }
    input.current?.click();
  };

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (a resume after a reload) fires change again.
    event.target.value = '';
    if (!session) return;
    for (const file of chosen) {
      const problem = checkSelectedFile(file, { count: occupied(), limit: isLimited, fileSize: Number(fileSize) || undefined, sizeUnit: sizeUnit as string, accept: accept as string });
      if (problem) {
        void message.error({ content: problem, duration: TOAST_SECONDS, key: MESSAGE_KEY });
        continue;
      }
      session.add(file);
    }
  };

  const remove = (index: number) => onChange?.(files.filter((_, at) => at !== index));

  return (
    <div className="jnpf-upload-file" data-testid="upload-field">
      {/* Disabled shows the button greyed, as JNPF does; read-only (the record viewer) shows the files alone. */}
      {!readOnly && (
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          <Button icon={<UploadOutlined />} onClick={openChooser} disabled={Boolean(disabled)} data-testid="upload-button">{(buttonText as string) || widgetText('clickToUpload')}</Button>
          {files.length > 0 && (
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => actions.downloadAll(files)} data-testid="upload-download-all">{widgetText('fileDownloadAll')}</Button>
          )}
          <input
            ref={input}
            type="file"
            hidden
            multiple={isLimited !== 1}
            accept={(accept as string) || undefined}
            onChange={onChosen}
            data-testid="upload-input"
          />
        </div>
      )}
      {!readOnly && tipText ? <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, marginTop: 4 }}>{tipText as string}</div> : null}
      {/* Read-only (the record viewer) offers download all even for no files: it then says 未发现文件 (spec 001 §5). */}
      {readOnly && (
        <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => actions.downloadAll(files)} data-testid="upload-download-all">{widgetText('fileDownloadAll')}</Button>
      )}
      <UploadFileList files={files} actions={actions} onRemove={editable ? remove : undefined} />
      {session && <UploadPanel tasks={tasks} session={session} />}
      {actions.element}
    </div>
  );
});
