import { lazyWidget } from '../lazyWidget.js';
import { labels } from '../define.js';
import { pickerWidget } from '../components/pickers/pickerWidget.js';

/** Role picker (选择角色, spec 001 §2): tabs 组织 and 全局; a role id, a list in multi mode. */
export const roleSelect = pickerWidget(labels('角色选择', '角色選擇', 'Role picker'), lazyWidget(() => import('../components/pickers/index.js').then((m) => m.RolePicker)));
