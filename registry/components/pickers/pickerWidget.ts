import type { ComponentType } from 'react';
import type { FieldDefinition } from '../../../src/shared/form/definition.js';
import { FIELD_FLAGS, bool, int, pick, propsSchema, str } from '../../define.js';
import type { WidgetDefinition, WidgetProps } from '../../types.js';

/**
 * The registry entry every picker widget shares: the props a definition may give a picker (JNPF's names), and its
 * stored value. Each widget module states its label, its component and what is its own.
 */
const idList = { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { type: ['string', 'number'] } }] } };

const PICKER_PROPS = {
  placeholder: str,
  disabled: bool,
  clearable: bool,
  multiple: bool,
  modalTitle: str,
  selectType: { enum: ['all', 'custom', 'dep', 'pos', 'role', 'group', ''] },
  ableIds: idList,
  ableDepIds: idList,
  ablePosIds: idList,
  ableRelationIds: idList,
};

/** Where JNPF's definitions keep these props: on the field itself. */
const PICKER_NAMES: Record<string, string> = {
  placeholder: 'placeholder',
  clearable: 'clearable',
  multiple: 'multiple',
  selectType: 'selectType',
  ableIds: 'ableIds',
  ableDepIds: 'ableDepIds',
  ablePosIds: 'ablePosIds',
  ableRelationIds: 'ableRelationIds',
};

export const PICKER_EXTRA = {
  organize: { schema: { auth: bool, isOnlyOrg: bool, currOrgId: str, parentId: str, hasTopNode: bool }, names: { auth: 'auth', isOnlyOrg: 'isOnlyOrg', currOrgId: 'currOrgId', parentId: 'parentId', hasTopNode: 'hasTopNode' } },
  department: { schema: { auth: bool }, names: { auth: 'auth' } },
  user: {
    schema: { hasSys: bool, approver: bool, ableUserIds: idList, ableRoleIds: idList, ableGroupIds: idList },
    names: { hasSys: 'hasSys', approver: 'approver', ableUserIds: 'ableUserIds', ableRoleIds: 'ableRoleIds', ableGroupIds: 'ableGroupIds' },
  },
  area: { schema: { level: { ...int, minimum: 0, maximum: 3 } }, names: { level: 'level' } },
  none: { schema: {}, names: {} },
} as const;

export function pickerWidget(
  label: WidgetDefinition['label'],
  component: ComponentType<WidgetProps<any>>,
  options: {
    multiple?: boolean;
    /** What the stored value may be, where it differs from what `multiple` implies (one entry or a list). */
    shape?: WidgetDefinition['value']['shape'];
    extra?: { schema: Record<string, unknown>; names: Record<string, string> };
    defaultProps?: Record<string, unknown>;
  } = {},
): WidgetDefinition {
  const extra = options.extra ?? PICKER_EXTRA.none;
  return {
    label,
    kind: 'field',
    component,
    defaultProps: { selectType: 'all', ...(options.defaultProps ?? {}) },
    propsSchema: propsSchema({ ...PICKER_PROPS, ...extra.schema }),
    value: { empty: options.multiple ? [] : null, shape: options.shape ?? (options.multiple ? 'array' : 'any') },
    flags: { ...FIELD_FLAGS, searchable: false },
    propsFromDefinition: (field: FieldDefinition) => pick(field, { ...PICKER_NAMES, ...extra.names }),
  };
}
