import type { Translations } from '../../../shared/translations.js';

/** The file module's refusals (spec 001 §5, §8 where it words them), in zh, zhtw and en. */
export const fileMessages = {
  'file.missing': { zh: '文件不存在', zhtw: '檔案不存在', en: 'The file does not exist' },
  'file.noPreview': { zh: '无法预览该文件，请下载后查看', zhtw: '無法預覽該檔案，請下載後查看', en: 'This file cannot be previewed; download it to open it' },
  'file.packEmpty': { zh: '未发现文件', zhtw: '未發現檔案', en: 'No files found' },
  'file.typeRefused': { zh: '不允许上传 .{{extension}} 类型的文件', zhtw: '不允許上傳 .{{extension}} 類型的檔案', en: 'Files of type .{{extension}} cannot be uploaded' },
  'file.contentMismatch': { zh: '文件内容与扩展名 .{{extension}} 不符', zhtw: '檔案內容與副檔名 .{{extension}} 不符', en: 'The file content does not match its extension .{{extension}}' },
  'file.sizeExceeded': { zh: '文件大小超过{{size}}', zhtw: '檔案大小超過{{size}}', en: 'The file is larger than {{size}}' },
  'file.chunkTooLarge': { zh: '分片大小超过{{size}}', zhtw: '分片大小超過{{size}}', en: 'The chunk is larger than {{size}}' },
  'file.imageTooLarge': { zh: '图片大小超过{{size}}', zhtw: '圖片大小超過{{size}}', en: 'The image is larger than {{size}}' },
  'file.chatImageTooLarge': { zh: '图片大小不能超过5M', zhtw: '圖片大小不能超過5M', en: 'The image cannot exceed 5M' },
  'file.notAnImage': { zh: '请上传图片', zhtw: '請上傳圖片', en: 'Upload an image' },
  'file.quotaExceeded': {
    zh: '存储空间不足：已用{{used}}，上限{{quota}}',
    zhtw: '儲存空間不足：已用{{used}}，上限{{quota}}',
    en: 'Not enough storage: {{used}} used of {{quota}}',
  },
  'file.chunkSizeMismatch': {
    zh: '第{{number}}个分片的大小与声明的不符',
    zhtw: '第{{number}}個分片的大小與宣告的不符',
    en: 'Chunk {{number}} is not the size it was declared to be',
  },
  'file.chunksMissing': { zh: '文件分片不完整，请重新上传', zhtw: '檔案分片不完整，請重新上傳', en: 'Some chunks of the file are missing; upload it again' },
  'file.checksumMismatch': {
    zh: '文件校验失败（MD5 或大小不符），请重新上传',
    zhtw: '檔案校驗失敗（MD5 或大小不符），請重新上傳',
    en: 'The file failed its check (MD5 or size differ); upload it again',
  },
  'file.badName': { zh: '文件名不合法', zhtw: '檔案名稱不合法', en: 'The file name is not allowed' },
  'file.linkExpired': { zh: '下载链接已失效，请重新获取', zhtw: '下載連結已失效，請重新取得', en: 'The download link has expired; get a new one' },
  'file.mergeInProgress': { zh: '文件正在合并，请稍候', zhtw: '檔案正在合併，請稍候', en: 'The file is being merged; wait a moment' },
  'file.chunkInProgress': { zh: '第{{number}}个分片正在上传，请稍候', zhtw: '第{{number}}個分片正在上傳，請稍候', en: 'Chunk {{number}} is being received; wait a moment' },
  'file.uploadRestarted': { zh: '文件上传已重新开始，请重试', zhtw: '檔案上傳已重新開始，請重試', en: 'The upload of this file started over; try again' },
} as const satisfies Translations;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    file: typeof fileMessages;
  }
}
