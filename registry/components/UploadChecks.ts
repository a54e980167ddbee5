import { widgetText, type WidgetTextKey } from '../widgetText.js';

/**
 * The selection checks of spec 001 §5 for file and image fields, in JNPF's order: count, size, type. Each
 * answers the message to show, or nothing when the file may go.
 */
export const UNIT_BYTES: Record<string, number> = { KB: 1024, MB: 1048576, GB: 1073741824 };
export const CATEGORY_EXTENSIONS: Record<string, string[]> = {
  image: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'],
  video: ['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  audio: ['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
  document: ['doc', 'txt', 'docx', 'pages', 'epub', 'pdf', 'numbers', 'csv', 'xls', 'xlsx', 'keynote', 'ppt', 'pptx'],
};
const GROUP_WORDS: Record<string, WidgetTextKey> = { image: 'acceptImage', video: 'acceptVideo', audio: 'acceptAudio' };

export interface SelectionRule {
  /** Files the field holds or is uploading already. */
  count: number;
  limit?: number;
  fileSize?: number;
  sizeUnit?: string;
  accept?: string;
  image?: boolean;
}

export const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

const acceptEntries = (accept: string) =>
  accept
    .split(',')
    .map((part) => part.trim().toLowerCase().replace(/^\./, ''))
    .filter((part) => part && part !== '*');

/** The accepted types in words: mime groups by name (图片、视频), extensions as they are. */
export function acceptText(accept: string): string {
  const words = acceptEntries(accept).map((entry) => (entry.endsWith('/*') && GROUP_WORDS[entry.slice(0, -2)] ? widgetText(GROUP_WORDS[entry.slice(0, -2)]) : entry));
  return [...new Set(words)].join(widgetText('listSeparator'));
}

/** The count check alone: the upload button asks it before the file dialog opens, as JNPF does. */
export function checkCount(rule: Pick<SelectionRule, 'count' | 'limit' | 'image'>): string | undefined {
  if (rule.limit && rule.count >= rule.limit) return widgetText(rule.image ? 'uploadLimitImages' : 'uploadLimitFiles', { limit: rule.limit });
  return undefined;
}

export function checkSelectedFile(file: { name: string; size: number; type?: string }, rule: SelectionRule): string | undefined {
  const countProblem = checkCount(rule);
  if (countProblem) return countProblem;
  const unit = (rule.sizeUnit ?? 'MB').toUpperCase();
  // "Under the limit" (spec 001 §5): a file of exactly the limit is refused, as JNPF's size / unit < fileSize.
  if (rule.fileSize && file.size >= rule.fileSize * (UNIT_BYTES[unit] ?? UNIT_BYTES.MB)) return widgetText(rule.image ? 'imageTooLarge' : 'fileTooLarge', { size: rule.fileSize, unit });
  const extension = extensionOf(file.name);
  if (rule.image && !CATEGORY_EXTENSIONS.image.includes(extension)) return widgetText('imageOnly');
  const accepted = rule.accept ? acceptEntries(rule.accept) : [];
  if (accepted.length) {
    const ok = accepted.some((entry) => {
      if (entry.endsWith('/*')) return (CATEGORY_EXTENSIONS[entry.slice(0, -2)] ?? []).includes(extension) || Boolean(file.type?.startsWith(entry.slice(0, -1)));
      return entry === extension;
    });
    if (!ok) return widgetText('acceptOnly', { accept: acceptText(rule.accept!) });
  }
  return undefined;
}
