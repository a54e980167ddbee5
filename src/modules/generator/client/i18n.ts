/** Code generation's words (zh, zhtw, en), added under `generator.` when the domain loads. */
export const zh = {
  code: { title: '代码预览：{{name}}', download: '下载代码', empty: '没有生成的文件', files: '{{count}} 个文件' },
};

type Words = typeof zh;

export const zhtw: Words = {
  code: { title: '程式碼預覽：{{name}}', download: '下載程式碼', empty: '沒有生成的檔案', files: '{{count}} 個檔案' },
};

export const en: Words = {
  code: { title: 'Code preview: {{name}}', download: 'Download code', empty: 'No files were generated', files: '{{count}} files' },
};
