import { lazyWidget } from '../lazyWidget.js';
import { labels } from '../define.js';
import { pickerWidget } from '../components/pickers/pickerWidget.js';

/**
 * Multi-tab selection (users, departments, roles, positions, groups; spec 001 §2): entries stored as "id--type",
 * a list in multiple mode and one entry in single mode (JNPF's shapes), so the stored value is either.
 */
export const usersSelect = pickerWidget(labels('用户组件', '使用者元件', 'Users picker'), lazyWidget(() => import('../components/pickers/index.js').then((m) => m.UsersPicker)), { multiple: true, shape: 'any' });
