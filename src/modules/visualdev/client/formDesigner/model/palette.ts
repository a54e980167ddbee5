import type { WidgetDefinition } from '../../../../../../registry/types.js';

/**
 * The palette's groups. The registry says what a widget is (field, layout, display) but not where JNPF's designer
 * shows it, so the built-in widgets are placed here by name; a widget this list does not know (an integrator's)
 * goes by its kind: layouts to `layout`, everything else to `advanced`.
 */
export type PaletteGroup = 'basic' | 'advanced' | 'system' | 'layout';
export const PALETTE_GROUPS: PaletteGroup[] = ['basic', 'advanced', 'system', 'layout'];

const BUILT_IN_GROUPS: Record<string, PaletteGroup> = {};
/** The order JNPF shows them in; integrators' widgets follow, in registration order. */
const BUILT_IN_ORDER = new Map<string, number>();
const place = (group: PaletteGroup, keys: string) =>
  keys.split(' ').forEach((key) => {
    BUILT_IN_GROUPS[key] = group;
    BUILT_IN_ORDER.set(key, BUILT_IN_ORDER.size);
  });
place('basic', 'comInput textarea numInput switch radio checkbox select cascader date time dateRange timeRange numRange uploadFz uploadImg colorPicker rate slider editor');
place('advanced', 'comSelect depSelect posSelect userSelect usersSelect roleSelect groupSelect treeSelect address dicSelect billRuleSelect relationForm relationFormAttr popupSelect popupTableSelect popupAttr calculate barcode qrcode table');
place('system', 'createUser createTime modifyUser modifyTime currOrganize currDept currPosition billRule billRuleExample');
place('layout', 'row card tab collapse tableGrid groupTitle divider JNPFText link alert button');

export function paletteGroupOf(jnpfKey: string, widget: WidgetDefinition): PaletteGroup {
  return BUILT_IN_GROUPS[jnpfKey] ?? (widget.kind === 'layout' ? 'layout' : 'advanced');
}

export interface PaletteEntry {
  jnpfKey: string;
  label: string;
  group: PaletteGroup;
}

/** Every registered widget, grouped, in registration order within each group. */
export function paletteEntries(keys: readonly string[], lookup: (key: string) => WidgetDefinition | undefined, language: 'zh' | 'zhtw' | 'en'): Record<PaletteGroup, PaletteEntry[]> {
  const groups: Record<PaletteGroup, PaletteEntry[]> = { basic: [], advanced: [], system: [], layout: [] };
  for (const jnpfKey of keys) {
    const widget = lookup(jnpfKey);
    if (!widget) continue;
    const group = paletteGroupOf(jnpfKey, widget);
    groups[group].push({ jnpfKey, label: widget.label[language] ?? widget.label.zh, group });
  }
  const rank = (entry: PaletteEntry) => BUILT_IN_ORDER.get(entry.jnpfKey) ?? Number.MAX_SAFE_INTEGER;
  for (const entries of Object.values(groups)) entries.sort((a, b) => rank(a) - rank(b));
  return groups;
}
