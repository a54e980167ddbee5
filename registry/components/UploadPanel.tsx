import { memo, type ReactNode } from 'react';
import { Button, Progress, Tooltip } from 'antd';
import { CaretRightOutlined, CloseOutlined, PaperClipOutlined, PauseOutlined, RedoOutlined } from '@ant-design/icons';
import type { UploadSession, UploadStatus, UploadTaskView } from './services.js';
import { widgetText, type WidgetTextKey } from '../widgetText.js';

/**
 * The upload panel of spec 001 §2: each file with its state (上传成功, 上传失败, 上传中, 暂停中, 等待中, 文件校验中),
 * its progress, and pause, resume, retry and remove. While the MD5 is computed the file takes no action but
 * remove; a finished file takes none (it is in the field's list already).
 */
const STATUS_TEXT: Record<UploadStatus, WidgetTextKey> = {
  success: 'uploadStatusSuccess',
  error: 'uploadFailed',
  uploading: 'uploadStatusUploading',
  paused: 'uploadStatusPaused',
  waiting: 'uploadStatusWaiting',
  checking: 'uploadStatusChecking',
};
const PROGRESS_STATUS: Partial<Record<UploadStatus, 'success' | 'exception' | 'active' | 'normal'>> = { success: 'success', error: 'exception', uploading: 'active' };

function Action({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

export const UploadPanel = memo(function UploadPanel({ tasks, session }: { tasks: UploadTaskView[]; session: UploadSession }) {
  if (!tasks.length) return null;
  return (
    <ul className="jnpf-upload-panel" style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }} data-testid="upload-panel">
      {tasks.map((task) => {
        const percent = Math.floor(task.progress * 100);
        return (
          <li key={task.id} data-testid="upload-task" data-status={task.status} style={{ padding: '2px 4px', borderRadius: 4, background: 'rgba(0,0,0,0.02)', marginTop: 4 }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
              <PaperClipOutlined style={{ color: '#909399' }} />
              <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={task.name}>{task.name}</span>
              <span className="jnpf-upload-status" style={{ whiteSpace: 'nowrap', color: task.status === 'error' ? '#f5222d' : '#606266' }}>
                {widgetText(STATUS_TEXT[task.status])}
                {task.status === 'uploading' || task.status === 'paused' ? ` ${percent}%` : ''}
              </span>
              <span style={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
                {(task.status === 'uploading' || task.status === 'waiting') && !task.finishing && <Action label={widgetText('uploadPause')} icon={<PauseOutlined />} onClick={() => session.pause(task.id)} />}
                {task.status === 'paused' && <Action label={widgetText('uploadResume')} icon={<CaretRightOutlined />} onClick={() => session.resume(task.id)} />}
                {task.status === 'error' && <Action label={widgetText('uploadRetry')} icon={<RedoOutlined />} onClick={() => session.retry(task.id)} />}
                {task.status !== 'success' && <Action label={widgetText('uploadRemove')} icon={<CloseOutlined />} onClick={() => session.remove(task.id)} />}
              </span>
            </div>
            {task.status !== 'checking' && <Progress percent={task.status === 'success' ? 100 : percent} size="small" showInfo={false} status={PROGRESS_STATUS[task.status] ?? 'normal'} style={{ margin: 0 }} />}
            {task.status === 'error' && task.message && <div style={{ color: '#f5222d', fontSize: 12 }}>{task.message}</div>}
          </li>
        );
      })}
    </ul>
  );
});
