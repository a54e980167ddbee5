/**
 * Names for the widget props the built-in schemas use, in the three languages. A prop not listed (an
 * integrator's own) shows its schema `title`, or its name.
 */
const TITLES: Record<string, [string, string, string]> = {
  placeholder: ['占位提示', '佔位提示', 'Placeholder'],
  disabled: ['禁用', '禁用', 'Disabled'],
  clearable: ['可清空', '可清空', 'Clearable'],
  maxLength: ['最多输入', '最多輸入', 'Max length'],
  showCount: ['显示字数', '顯示字數', 'Show count'],
  prepend: ['前缀', '前綴', 'Prefix text'],
  append: ['后缀', '後綴', 'Suffix text'],
  prefixIcon: ['前图标', '前圖標', 'Prefix icon'],
  suffixIcon: ['后图标', '後圖標', 'Suffix icon'],
  minRows: ['最小行数', '最小行數', 'Min rows'],
  maxRows: ['最大行数', '最大行數', 'Max rows'],
  min: ['最小值', '最小值', 'Minimum'],
  max: ['最大值', '最大值', 'Maximum'],
  step: ['步长', '步長', 'Step'],
  precision: ['精度', '精度', 'Precision'],
  thousands: ['千位分隔', '千位分隔', 'Thousands separator'],
  amountChinese: ['大写金额', '大寫金額', 'Amount in words'],
  controls: ['显示按钮', '顯示按鈕', 'Show buttons'],
  dataType: ['数据来源', '資料來源', 'Data source'],
  options: ['选项', '選項', 'Options'],
  fullName: ['选项名', '選項名', 'Label'],
  id: ['选项值', '選項值', 'Value'],
  dictionaryType: ['数据字典', '資料字典', 'Dictionary'],
  propsUrl: ['数据接口', '資料介面', 'Data interface'],
  labelKey: ['显示字段', '顯示欄位', 'Label key'],
  valueKey: ['存储字段', '存儲欄位', 'Value key'],
  childrenKey: ['子级字段', '子級欄位', 'Children key'],
  multiple: ['多选', '多選', 'Multiple'],
  filterable: ['可搜索', '可搜尋', 'Searchable'],
  format: ['格式', '格式', 'Format'],
  valueFormat: ['值格式', '值格式', 'Value format'],
  type: ['类型', '類型', 'Type'],
  content: ['内容', '內容', 'Content'],
  header: ['标题', '標題', 'Header'],
  title: ['标题', '標題', 'Title'],
  height: ['高度', '高度', 'Height'],
  limit: ['数量上限', '數量上限', 'Limit'],
  fileSize: ['大小上限', '大小上限', 'Size limit'],
  sizeUnit: ['大小单位', '大小單位', 'Size unit'],
  accept: ['文件类型', '檔案類型', 'File types'],
  buttonText: ['按钮文字', '按鈕文字', 'Button text'],
  gutter: ['栅格间隔', '柵格間隔', 'Gutter'],
  showTitle: ['显示标题', '顯示標題', 'Show title'],
  showSummary: ['合计', '合計', 'Show totals'],
  summaryFields: ['合计字段', '合計欄位', 'Total fields'],
  accordion: ['手风琴', '手風琴', 'Accordion'],
  tabPosition: ['标签位置', '標籤位置', 'Tab position'],
};

export function propTitle(name: string, language: string): string {
  const titles = TITLES[name];
  if (!titles) return name;
  return language === 'en' ? titles[2] : language === 'zhtw' ? titles[1] : titles[0];
}
