/** The form designer's words (zh, zhtw, en): its screen (added to the app's translations under `formDesigner.`) and design problems. */
export const zh = {
  group: { basic: '基础控件', advanced: '高级控件', system: '系统控件', layout: '布局控件' },
  palette: { title: '组件', search: '搜索组件', add: '点击添加，或拖到表单中' },
  canvas: { empty: '从左侧拖入或点击组件，开始设计表单', dropHere: '拖到这里', subTableEmpty: '拖入可作为子表列的组件', addPane: '添加', addRow: '添加行', addCell: '添加单元格' },
  action: { undo: '撤销', redo: '重做', preview: '预览', delete: '删除', copy: '复制', clear: '清空', clearConfirm: '确定清空所有组件吗？', desktop: '电脑', phone: '手机', close: '关闭' },
  panel: {
    field: '组件属性', form: '表单属性', nothing: '选择画布中的组件以编辑它的属性', common: '通用', widget: '组件专有', loading: '加载中…',
    label: '标题', vModel: '字段名', required: '必填', span: '栅格宽度', showLabel: '显示标题', defaultValue: '默认值', placeholder: '占位提示',
    regList: '正则校验', pattern: '表达式', patternMessage: '错误提示', addRule: '添加规则', formula: '计算公式', formulaHelp: '字段名与 + - * / ( )，子表列写作 子表.列',
    formulaFields: '可用字段', paneTitle: '面板标题', labelWidth: '标题宽度', labelPosition: '标题位置', gutter: '栅格间隔', formSize: '尺寸', popupType: '弹窗类型',
    colspan: '合并列', rowspan: '合并行', invalidProps: '属性不符合组件的定义：{{detail}}',
  },
  preview: { title: '预览', problems: '设计中有 {{count}} 个问题，修正后再保存', submit: '校验提交', valid: '校验通过' },
  narrow: '表单设计需要更宽的屏幕（至少 992 像素）。请在电脑上打开，或横屏后再试。',
  problem: {
    keyMissing: '“{{label}}”缺少字段名',
    keyPattern: '“{{label}}”的字段名 {{key}} 不合法：以字母或下划线开头，只含字母、数字、下划线，最长 63 个字符',
    keyDuplicate: '“{{label}}”的字段名 {{key}} 与其他字段重复',
    keyReserved: '“{{label}}”的字段名 {{key}} 是保留字，请换一个',
    regListPattern: '“{{label}}”的正则 {{pattern}} 无法编译',
    formula: '“{{label}}”的计算公式有误：{{detail}}',
    formulaUnknown: '“{{label}}”的计算公式引用了不存在的字段 {{key}}',
  },
};

export type DesignerMessages = typeof zh;

export const zhtw: DesignerMessages = {
  group: { basic: '基礎控件', advanced: '高級控件', system: '系統控件', layout: '佈局控件' },
  palette: { title: '組件', search: '搜尋組件', add: '點擊添加，或拖到表單中' },
  canvas: { empty: '從左側拖入或點擊組件，開始設計表單', dropHere: '拖到這裡', subTableEmpty: '拖入可作為子表列的組件', addPane: '添加', addRow: '添加行', addCell: '添加儲存格' },
  action: { undo: '復原', redo: '重做', preview: '預覽', delete: '刪除', copy: '複製', clear: '清空', clearConfirm: '確定清空所有組件嗎？', desktop: '電腦', phone: '手機', close: '關閉' },
  panel: {
    field: '組件屬性', form: '表單屬性', nothing: '選擇畫布中的組件以編輯它的屬性', common: '通用', widget: '組件專有', loading: '載入中…',
    label: '標題', vModel: '欄位名', required: '必填', span: '柵格寬度', showLabel: '顯示標題', defaultValue: '預設值', placeholder: '佔位提示',
    regList: '正則校驗', pattern: '表達式', patternMessage: '錯誤提示', addRule: '添加規則', formula: '計算公式', formulaHelp: '欄位名與 + - * / ( )，子表列寫作 子表.列',
    formulaFields: '可用欄位', paneTitle: '面板標題', labelWidth: '標題寬度', labelPosition: '標題位置', gutter: '柵格間隔', formSize: '尺寸', popupType: '彈窗類型',
    colspan: '合併列', rowspan: '合併行', invalidProps: '屬性不符合組件的定義：{{detail}}',
  },
  preview: { title: '預覽', problems: '設計中有 {{count}} 個問題，修正後再儲存', submit: '校驗提交', valid: '校驗通過' },
  narrow: '表單設計需要更寬的螢幕（至少 992 像素）。請在電腦上打開，或橫屏後再試。',
  problem: {
    keyMissing: '「{{label}}」缺少欄位名',
    keyPattern: '「{{label}}」的欄位名 {{key}} 不合法：以字母或底線開頭，只含字母、數字、底線，最長 63 個字元',
    keyDuplicate: '「{{label}}」的欄位名 {{key}} 與其他欄位重複',
    keyReserved: '「{{label}}」的欄位名 {{key}} 是保留字，請換一個',
    regListPattern: '「{{label}}」的正則 {{pattern}} 無法編譯',
    formula: '「{{label}}」的計算公式有誤：{{detail}}',
    formulaUnknown: '「{{label}}」的計算公式引用了不存在的欄位 {{key}}',
  },
};

export const en: DesignerMessages = {
  group: { basic: 'Basic', advanced: 'Advanced', system: 'System', layout: 'Layout' },
  palette: { title: 'Widgets', search: 'Search widgets', add: 'Click to add, or drag into the form' },
  canvas: { empty: 'Drag or click a widget on the left to start the form', dropHere: 'Drop here', subTableEmpty: 'Drop widgets that can be sub-table columns', addPane: 'Add', addRow: 'Add row', addCell: 'Add cell' },
  action: { undo: 'Undo', redo: 'Redo', preview: 'Preview', delete: 'Delete', copy: 'Copy', clear: 'Clear', clearConfirm: 'Remove every widget from the form?', desktop: 'Desktop', phone: 'Phone', close: 'Close' },
  panel: {
    field: 'Widget', form: 'Form', nothing: 'Select a widget on the canvas to edit its properties', common: 'Common', widget: 'Widget-specific', loading: 'Loading…',
    label: 'Label', vModel: 'Field key', required: 'Required', span: 'Grid width', showLabel: 'Show label', defaultValue: 'Default value', placeholder: 'Placeholder',
    regList: 'Pattern rules', pattern: 'Pattern', patternMessage: 'Message', addRule: 'Add rule', formula: 'Formula', formulaHelp: 'Field keys and + - * / ( ); a sub-table column is table.column',
    formulaFields: 'Fields', paneTitle: 'Pane title', labelWidth: 'Label width', labelPosition: 'Label position', gutter: 'Gutter', formSize: 'Size', popupType: 'Dialog type',
    colspan: 'Column span', rowspan: 'Row span', invalidProps: 'The properties do not fit the widget: {{detail}}',
  },
  preview: { title: 'Preview', problems: 'The design has {{count}} problem(s): fix them before saving', submit: 'Validate', valid: 'All fields are valid' },
  narrow: 'The form designer needs a wider screen (992 px or more). Open it on a computer, or turn the device sideways.',
  problem: {
    keyMissing: '"{{label}}" has no field key',
    keyPattern: 'The field key {{key}} of "{{label}}" is not valid: a letter or _ first, then letters, digits or _, at most 63 characters',
    keyDuplicate: 'The field key {{key}} of "{{label}}" is used by another field',
    keyReserved: 'The field key {{key}} of "{{label}}" is a reserved word: choose another',
    regListPattern: 'The pattern {{pattern}} of "{{label}}" does not compile',
    formula: 'The formula of "{{label}}" is wrong: {{detail}}',
    formulaUnknown: 'The formula of "{{label}}" reads {{key}}, which the form does not have',
  },
};

export const DESIGNER_MESSAGES = { zh, zhtw, en };

/** Fills {{name}} placeholders: validateDesign stays pure and needs no i18n instance. */
export function fillMessage(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
