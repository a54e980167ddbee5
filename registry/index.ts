/**
 * The built-in widgets, one module per jnpfKey under widgets/, registered under their V3 names (V5 names
 * resolve through the aliases). Integrators add their own with registerWidget(jnpfKey, definition).
 */
import { registerWidget } from './registerWidget.js';
import { JNPFText } from './widgets/JNPFText.js';
import { address } from './widgets/address.js';
import { alert } from './widgets/alert.js';
import { barcode } from './widgets/barcode.js';
import { billRule } from './widgets/billRule.js';
import { billRuleExample } from './widgets/billRuleExample.js';
import { billRuleSelect } from './widgets/billRuleSelect.js';
import { button } from './widgets/button.js';
import { calculate } from './widgets/calculate.js';
import { card } from './widgets/card.js';
import { cascader } from './widgets/cascader.js';
import { checkbox } from './widgets/checkbox.js';
import { collapse } from './widgets/collapse.js';
import { colorPicker } from './widgets/colorPicker.js';
import { comInput } from './widgets/comInput.js';
import { comSelect } from './widgets/comSelect.js';
import { createTime } from './widgets/createTime.js';
import { createUser } from './widgets/createUser.js';
import { currDept } from './widgets/currDept.js';
import { currOrganize } from './widgets/currOrganize.js';
import { currPosition } from './widgets/currPosition.js';
import { date } from './widgets/date.js';
import { dateRange } from './widgets/dateRange.js';
import { depSelect } from './widgets/depSelect.js';
import { dicSelect } from './widgets/dicSelect.js';
import { divider } from './widgets/divider.js';
import { editor } from './widgets/editor.js';
import { groupSelect } from './widgets/groupSelect.js';
import { groupTitle } from './widgets/groupTitle.js';
import { link } from './widgets/link.js';
import { modifyTime } from './widgets/modifyTime.js';
import { modifyUser } from './widgets/modifyUser.js';
import { numInput } from './widgets/numInput.js';
import { numRange } from './widgets/numRange.js';
import { popupAttr } from './widgets/popupAttr.js';
import { popupSelect } from './widgets/popupSelect.js';
import { popupTableSelect } from './widgets/popupTableSelect.js';
import { posSelect } from './widgets/posSelect.js';
import { qrcode } from './widgets/qrcode.js';
import { radio } from './widgets/radio.js';
import { rate } from './widgets/rate.js';
import { relationForm } from './widgets/relationForm.js';
import { relationFormAttr } from './widgets/relationFormAttr.js';
import { roleSelect } from './widgets/roleSelect.js';
import { row } from './widgets/row.js';
import { select } from './widgets/select.js';
import { slider } from './widgets/slider.js';
import { switchWidget } from './widgets/switch.js';
import { tab } from './widgets/tab.js';
import { table } from './widgets/table.js';
import { tableGrid } from './widgets/tableGrid.js';
import { textarea } from './widgets/textarea.js';
import { time } from './widgets/time.js';
import { timeRange } from './widgets/timeRange.js';
import { treeSelect } from './widgets/treeSelect.js';
import { uploadFz } from './widgets/uploadFz.js';
import { uploadImg } from './widgets/uploadImg.js';
import { userSelect } from './widgets/userSelect.js';
import { usersSelect } from './widgets/usersSelect.js';

export const BUILT_IN_WIDGETS = {
  JNPFText: JNPFText,
  address: address,
  alert: alert,
  barcode: barcode,
  billRule: billRule,
  billRuleExample: billRuleExample,
  billRuleSelect: billRuleSelect,
  button: button,
  calculate: calculate,
  card: card,
  cascader: cascader,
  checkbox: checkbox,
  collapse: collapse,
  colorPicker: colorPicker,
  comInput: comInput,
  comSelect: comSelect,
  createTime: createTime,
  createUser: createUser,
  currDept: currDept,
  currOrganize: currOrganize,
  currPosition: currPosition,
  date: date,
  dateRange: dateRange,
  depSelect: depSelect,
  dicSelect: dicSelect,
  divider: divider,
  editor: editor,
  groupSelect: groupSelect,
  groupTitle: groupTitle,
  link: link,
  modifyTime: modifyTime,
  modifyUser: modifyUser,
  numInput: numInput,
  numRange: numRange,
  popupAttr: popupAttr,
  popupSelect: popupSelect,
  popupTableSelect: popupTableSelect,
  posSelect: posSelect,
  qrcode: qrcode,
  radio: radio,
  rate: rate,
  relationForm: relationForm,
  relationFormAttr: relationFormAttr,
  roleSelect: roleSelect,
  row: row,
  select: select,
  slider: slider,
  switch: switchWidget,
  tab: tab,
  table: table,
  tableGrid: tableGrid,
  textarea: textarea,
  time: time,
  timeRange: timeRange,
  treeSelect: treeSelect,
  uploadFz: uploadFz,
  uploadImg: uploadImg,
  userSelect: userSelect,
  usersSelect: usersSelect,
} as const;

for (const [jnpfKey, definition] of Object.entries(BUILT_IN_WIDGETS)) registerWidget(jnpfKey, definition);

export { registerWidget, getWidget, registeredKeys, onRegistryChange, checkWidgetProps, WidgetRegistrationError } from './registerWidget.js';
export type { WidgetDefinition, WidgetProps, LayoutProps, LayoutItem } from './types.js';
