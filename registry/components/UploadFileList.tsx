import { memo } from 'react';
import { Button, Tooltip } from 'antd';
import { CloseOutlined, DownloadOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { fileSize } from '../../src/shared/format/sizes.js';
import type { StoredFile } from './services.js';
import type { FileActions } from './UploadPreview.js';
import { widgetText } from '../widgetText.js';

/** The files a field holds (spec 001 §3): name and size, view, download, and remove while editing. */
export const UploadFileList = memo(function UploadFileList({ files, actions, onRemove }: { files: StoredFile[]; actions: FileActions; onRemove?: (index: number) => void }) {
  if (!files.length) return null;
  return (
    <ul className="jnpf-upload-files" style={{ listStyle: 'none', margin: '6px 0 0', padding: 0 }}>
      {files.map((file, index) => (
        <li key={`${file.fileId}-${index}`} data-testid="upload-file" data-file-id={file.fileId} style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0, lineHeight: '26px' }}>
          <PaperClipOutlined style={{ color: '#909399' }} />
          <a
            onClick={() => actions.preview(file)}
            title={file.name}
            style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: 'inherit' }}
          >
            {file.name}
            {file.fileSize ? ` (${fileSize(file.fileSize)})` : ''}
          </a>
          <Tooltip title={widgetText('filePreview')}>
            <Button type="text" size="small" icon={<EyeOutlined />} aria-label={widgetText('filePreview')} onClick={() => actions.preview(file)} />
          </Tooltip>
          <Tooltip title={widgetText('fileDownload')}>
            <Button type="text" size="small" icon={<DownloadOutlined />} aria-label={widgetText('fileDownload')} onClick={() => actions.download(file)} />
          </Tooltip>
          {onRemove && (
            <Tooltip title={widgetText('delete')}>
              <Button type="text" size="small" icon={<CloseOutlined />} aria-label={widgetText('delete')} onClick={() => onRemove(index)} />
            </Tooltip>
          )}
        </li>
      ))}
    </ul>
  );
});
