import { i18n } from '../../i18n/index.js';

/**
 * The page runtime's words beyond the shell's `page.` bundle, added when the runtime loads (with the first screen)
 * so that they cost the main chunk nothing.
 */
const words = {
  zh: { selectAll: '全选', chosenCount: '已选 {{count}} 项', choose: '选择', keyword: '请输入关键词', unknownValidator: '未注册的校验：{{name}}', addRow: '添加', removeRow: '删除', noMore: '没有更多了' },
  zhtw: { selectAll: '全選', chosenCount: '已選 {{count}} 項', choose: '選擇', keyword: '請輸入關鍵詞', unknownValidator: '未註冊的校驗：{{name}}', addRow: '新增', removeRow: '刪除', noMore: '沒有更多了' },
  en: { selectAll: 'Select all', chosenCount: '{{count}} chosen', choose: 'Choose', keyword: 'Keyword', unknownValidator: 'No validator "{{name}}" is registered', addRow: 'Add', removeRow: 'Delete', noMore: 'No more' },
};

for (const [language, bundle] of Object.entries(words)) i18n.addResourceBundle(language, 'translation', { page: bundle }, true, false);
