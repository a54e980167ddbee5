import { memo, useMemo } from 'react';
import { Button, message, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '../types.js';
import { useWidgetServices } from './services.js';
import { useWidgetText, widgetText } from '../widgetText.js';

/**
 * File and image upload fields (uploadFz, uploadImg): the stored value is the list of file items of spec 001 §3
 * ({name, fileId, url, ...}). Selection is checked against count, size and type with the spec's messages; the
 * upload goes to the common endpoint. Resumable chunked upload is a later issue.
 */
export interface StoredFile {
  name: string;
  fileId: string;
  url: string;
  fileSize?: number;
  fileExtension?: string;
}

const UNIT_BYTES: Record<string, number> = { KB: 1024, MB: 1048576, GB: 1073741824 };
export const CATEGORY_EXTENSIONS: Record<string, string[]> = {
  image: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'],
  video: ['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  audio: ['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
};

/** The spec's selection checks; answers the message to show, or nothing when the file may go. */
export function checkSelectedFile(
  file: { name: string; size: number; type?: string },
  rule: { count: number; limit?: number; fileSize?: number; sizeUnit?: string; accept?: string; image?: boolean },
): string | undefined {
  if (rule.limit && rule.count >= rule.limit) return widgetText(rule.image ? 'uploadLimitImages' : 'uploadLimitFiles', { limit: rule.limit });
  const unit = (rule.sizeUnit ?? 'MB').toUpperCase();
  if (rule.fileSize && file.size > rule.fileSize * (UNIT_BYTES[unit] ?? UNIT_BYTES.MB)) return widgetText(rule.image ? 'imageTooLarge' : 'fileTooLarge', { size: rule.fileSize, unit });
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (rule.image && !CATEGORY_EXTENSIONS.image.includes(extension)) return widgetText('imageOnly');
  if (rule.accept) {
    const accepted = rule.accept.split(',').map((part) => part.trim().toLowerCase().replace(/^\./, '')).filter(Boolean);
    const ok = accepted.some((entry) => {
      if (entry.endsWith('/*')) return (CATEGORY_EXTENSIONS[entry.slice(0, -2)] ?? []).includes(extension) || file.type?.startsWith(entry.slice(0, -1));
      return entry === extension;
    });
    if (!ok) return widgetText('acceptOnly', { accept: rule.accept });
  }
  return undefined;
}

export const UploadField = memo(function UploadField({ value, onChange, disabled, readOnly, limit, fileSize, sizeUnit, accept, buttonText, image, pathType }: WidgetProps<StoredFile[]>) {
  useWidgetText();
  const services = useWidgetServices();
  const files = useMemo(() => (Array.isArray(value) ? (value as StoredFile[]) : []), [value]);
  const fileList: UploadFile[] = files.map((file) => ({ uid: file.fileId, name: file.name, status: 'done', url: file.url }));
  const isImage = Boolean(image);
  const authorization = services.authorization();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkSelectedFile(file, { count: files.length, limit: limit as number, fileSize: fileSize as number, sizeUnit: sizeUnit as string, accept: accept as string, image: isImage });
    if (problem) {
      void message.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const onUploadChange: UploadProps['onChange'] = ({ file }) => {
    if (file.status === 'done') {
      const answer = file.response as { code?: number; msg?: string; data?: { name?: string; url?: string; fileId?: string } } | undefined;
      if (answer?.code === 200 && answer.data) {
        onChange?.([...files, { name: answer.data.name ?? file.name, fileId: answer.data.fileId ?? answer.data.name ?? file.uid, url: answer.data.url ?? '' }]);
      } else {
        void message.error({ content: answer?.msg || widgetText('uploadFailed'), duration: 1.5 });
      }
    } else if (file.status === 'error') {
      void message.error(widgetText('uploadFailed'));
    }
  };

  return (
    <Upload
      action={services.uploadUrl(isImage ? 'annexpic' : 'annex')}
      headers={authorization ? { Authorization: authorization } : undefined}
      data={{ pathType: (pathType as string) ?? 'defaultPath', isAccount: '0', folder: '' }}
      listType={isImage ? 'picture-card' : 'text'}
      fileList={fileList}
      accept={isImage ? 'image/*' : (accept as string) || undefined}
      beforeUpload={beforeUpload}
      onChange={onUploadChange}
      onRemove={(removed) => onChange?.(files.filter((file) => file.fileId !== removed.uid))}
      disabled={disabled || readOnly}
      showUploadList={{ showRemoveIcon: !disabled && !readOnly }}
    >
      {disabled || readOnly || (limit && files.length >= (limit as number)) ? null : isImage ? (
        <PlusOutlined />
      ) : (
        <Button icon={<UploadOutlined />}>{(buttonText as string) || widgetText('clickToUpload')}</Button>
      )}
    </Upload>
  );
});
