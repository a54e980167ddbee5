/** The print client's words (spec 001 §2 print preview and template chooser). */
export const zh = { preview: '打印预览', download: '下载', print: '打印', cancel: '取消', choose: '选择打印模板', none: '没有可用的打印模板', page: '第{{n}}页' };
export const zhtw = { preview: '列印預覽', download: '下載', print: '列印', cancel: '取消', choose: '選擇列印範本', none: '沒有可用的列印範本', page: '第{{n}}頁' };
export const en = { preview: 'Print preview', download: 'Download', print: 'Print', cancel: 'Cancel', choose: 'Choose a print template', none: 'No print template is available', page: 'Page {{n}}' };
