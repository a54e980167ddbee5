import type { Translations } from '../../../shared/translations.js';

/** Code generation's words in the web client, under `generator.`, registered when the module's client loads. */
export const generatorWords = {
  'generator.code.title': { zh: '代码预览：{{name}}', zhtw: '程式碼預覽：{{name}}', en: 'Code preview: {{name}}' },
  'generator.code.download': { zh: '下载代码', zhtw: '下載程式碼', en: 'Download code' },
  'generator.code.empty': { zh: '没有生成的文件', zhtw: '沒有生成的檔案', en: 'No files were generated' },
  'generator.code.files': { zh: '{{count}} 个文件', zhtw: '{{count}} 個檔案', en: '{{count}} files' },
} as const satisfies Translations;
