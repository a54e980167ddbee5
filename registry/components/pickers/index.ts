/** The pickers, loaded together the first time a form shows one (registry/lazyWidget.tsx). */
export { OrganizePicker, DepartmentPicker, PositionPicker, GroupPicker, RolePicker } from './organizePickers.js';
export { UserPicker } from './UserPicker.js';
export { UsersPicker } from './UsersPicker.js';
export { AreaPicker } from './AreaPicker.js';
export { DictionaryPicker } from './DictionaryPicker.js';
export { BillRulePicker } from './BillRulePicker.js';
