import { useSyncExternalStore } from 'react';
import type { Language } from '../src/shared/language.js';

/**
 * The words widgets show of their own (buttons, headers, empty states, upload checks), in the three languages.
 * Widgets know nothing of the app's i18n library: the app tells the registry the language with
 * setWidgetLanguage, and widgets read their words through useWidgetText (or widgetText outside React).
 * Chinese is the default and reads exactly as the spec and JNPF have it.
 */
const zh = {
  delete: '删除',
  add: '添加',
  index: '序号',
  actions: '操作',
  empty: '暂无数据',
  confirmTitle: '提示',
  ok: '确定',
  cancel: '取消',
  chooseData: '选择数据',
  noInterface: '未配置数据接口',
  uploadLimitImages: '当前限制最多可以上传{{limit}}张图片',
  uploadLimitFiles: '当前限制最多可以上传{{limit}}个文件',
  imageTooLarge: '图片大小超过{{size}}{{unit}}',
  fileTooLarge: '文件大小超过{{size}}{{unit}}',
  imageOnly: '请上传图片',
  acceptOnly: '请选择{{accept}}类型的文件',
  uploadFailed: '上传失败',
  clickToUpload: '点击上传',
  uploadStatusSuccess: '上传成功',
  uploadStatusUploading: '上传中',
  uploadStatusPaused: '暂停中',
  uploadStatusWaiting: '等待中',
  uploadStatusChecking: '文件校验中',
  uploadPause: '暂停',
  uploadResume: '继续',
  uploadRetry: '重试',
  uploadRemove: '移除',
  filePreview: '查看',
  fileDownload: '下载',
  fileDownloadAll: '全部下载',
  noFilesFound: '未发现文件',
  fileMissing: '文件不存在',
  fileReadError: '文件{{name}}读取出错，请检查该文件',
  documentPreview: '文档预览 - {{name}}',
  uploadUnavailable: '此处无法上传文件',
  acceptImage: '图片',
  acceptVideo: '视频',
  acceptAudio: '音频',
  listSeparator: '、',
  button: '按钮',
  systemGenerated: '系统自动生成',
  startDate: '开始日期',
  endDate: '结束日期',
  startTime: '开始时间',
  endTime: '结束时间',
  min: '最小值',
  max: '最大值',
  pendingPicker: '选择器待接入，仅显示已存的值',
  pendingNamed: '{{name}}待接入，仅显示已存的值',
  rowInvalid: '第{{row}}行 {{key}} {{reason}}',
  cannotRender: '无法渲染「{{label}}」：未注册的组件类型 {{jnpfKey}}',
  unnamedField: '未命名字段',
  emptyKey: '（空）',
  unknownCell: '未注册的组件 {{jnpfKey}}',
  noDictionaryService: '字典接口尚未提供',
  noInterfaceService: '数据接口尚未提供',
  detail: '详情',
  print: '打印',
  back: '返回',
  fieldError: '此字段无法显示：{{message}}',
};
export type WidgetTextKey = keyof typeof zh;

const texts: Record<Language, Record<WidgetTextKey, string>> = {
  zh,
  zhtw: {
    delete: '刪除',
    add: '新增',
    index: '序號',
    actions: '操作',
    empty: '暫無資料',
    confirmTitle: '提示',
    ok: '確定',
    cancel: '取消',
    chooseData: '選擇資料',
    noInterface: '未設定資料介面',
    uploadLimitImages: '目前限制最多可以上傳{{limit}}張圖片',
    uploadLimitFiles: '目前限制最多可以上傳{{limit}}個檔案',
    imageTooLarge: '圖片大小超過{{size}}{{unit}}',
    fileTooLarge: '檔案大小超過{{size}}{{unit}}',
    imageOnly: '請上傳圖片',
    acceptOnly: '請選擇{{accept}}類型的檔案',
    uploadFailed: '上傳失敗',
    clickToUpload: '點擊上傳',
    uploadStatusSuccess: '上傳成功',
    uploadStatusUploading: '上傳中',
    uploadStatusPaused: '暫停中',
    uploadStatusWaiting: '等待中',
    uploadStatusChecking: '檔案校驗中',
    uploadPause: '暫停',
    uploadResume: '繼續',
    uploadRetry: '重試',
    uploadRemove: '移除',
    filePreview: '檢視',
    fileDownload: '下載',
    fileDownloadAll: '全部下載',
    noFilesFound: '未發現檔案',
    fileMissing: '檔案不存在',
    fileReadError: '檔案{{name}}讀取出錯，請檢查該檔案',
    documentPreview: '文件預覽 - {{name}}',
    uploadUnavailable: '此處無法上傳檔案',
    acceptImage: '圖片',
    acceptVideo: '影片',
    acceptAudio: '音訊',
    listSeparator: '、',
    button: '按鈕',
    systemGenerated: '系統自動產生',
    startDate: '開始日期',
    endDate: '結束日期',
    startTime: '開始時間',
    endTime: '結束時間',
    min: '最小值',
    max: '最大值',
    pendingPicker: '選擇器待接入，僅顯示已存的值',
    pendingNamed: '{{name}}待接入，僅顯示已存的值',
    rowInvalid: '第{{row}}列 {{key}} {{reason}}',
    cannotRender: '無法顯示「{{label}}」：未註冊的元件類型 {{jnpfKey}}',
    unnamedField: '未命名欄位',
    emptyKey: '（空）',
    unknownCell: '未註冊的元件 {{jnpfKey}}',
    noDictionaryService: '字典介面尚未提供',
    noInterfaceService: '資料介面尚未提供',
    detail: '詳情',
    print: '列印',
    back: '返回',
    fieldError: '此欄位無法顯示：{{message}}',
  },
  en: {
    delete: 'Delete',
    add: 'Add',
    index: 'No.',
    actions: 'Actions',
    empty: 'No data',
    confirmTitle: 'Confirm',
    ok: 'OK',
    cancel: 'Cancel',
    chooseData: 'Choose data',
    noInterface: 'No data interface is configured',
    uploadLimitImages: 'At most {{limit}} images may be uploaded',
    uploadLimitFiles: 'At most {{limit}} files may be uploaded',
    imageTooLarge: 'The image is larger than {{size}}{{unit}}',
    fileTooLarge: 'The file is larger than {{size}}{{unit}}',
    imageOnly: 'Upload an image',
    acceptOnly: 'Choose a file of type {{accept}}',
    uploadFailed: 'Upload failed',
    clickToUpload: 'Upload',
    uploadStatusSuccess: 'Uploaded',
    uploadStatusUploading: 'Uploading',
    uploadStatusPaused: 'Paused',
    uploadStatusWaiting: 'Waiting',
    uploadStatusChecking: 'Checking file',
    uploadPause: 'Pause',
    uploadResume: 'Resume',
    uploadRetry: 'Retry',
    uploadRemove: 'Remove',
    filePreview: 'View',
    fileDownload: 'Download',
    fileDownloadAll: 'Download all',
    noFilesFound: 'No files found',
    fileMissing: 'The file does not exist',
    fileReadError: 'File {{name}} could not be read; check the file',
    documentPreview: 'Preview - {{name}}',
    uploadUnavailable: 'Files cannot be uploaded here',
    acceptImage: 'image',
    acceptVideo: 'video',
    acceptAudio: 'audio',
    listSeparator: ', ',
    button: 'Button',
    systemGenerated: 'Filled in by the system',
    startDate: 'Start date',
    endDate: 'End date',
    startTime: 'Start time',
    endTime: 'End time',
    min: 'Minimum',
    max: 'Maximum',
    pendingPicker: 'This picker arrives later; the stored value is shown',
    pendingNamed: '{{name}} arrives later; the stored value is shown',
    rowInvalid: 'Row {{row}}: {{key}} {{reason}}',
    cannotRender: 'Cannot show "{{label}}": no widget is registered for {{jnpfKey}}',
    unnamedField: 'unnamed field',
    emptyKey: '(empty)',
    unknownCell: 'Unregistered widget {{jnpfKey}}',
    noDictionaryService: 'The dictionary service is not available',
    noInterfaceService: 'The data interface service is not available',
    detail: 'Detail',
    print: 'Print',
    back: 'Back',
    fieldError: 'This field cannot show: {{message}}',
  },
};

let current: Language = 'zh';
const listeners = new Set<() => void>();

/** The app calls this when its language changes; every widget on screen re-renders in the new language. */
export function setWidgetLanguage(language: Language): void {
  if (language === current || !(language in texts)) return;
  current = language;
  listeners.forEach((listener) => listener());
}

export function widgetText(key: WidgetTextKey, values: Record<string, string | number> = {}): string {
  const template = texts[current][key] ?? zh[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The translator for a widget, re-rendering it when the language changes. */
export function useWidgetText(): typeof widgetText {
  useSyncExternalStore(subscribe, () => current, () => current);
  return widgetText;
}

export const widgetTexts = texts;
