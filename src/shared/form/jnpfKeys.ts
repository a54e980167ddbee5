/**
 * jnpfKey names. The runtime speaks JNPF V3's names (the spec's and the fixtures'); V5 renamed some, and a V5
 * definition loads through these aliases unchanged.
 */
export const V5_TO_V3: Readonly<Record<string, string>> = {
  input: 'comInput',
  inputNumber: 'numInput',
  datePicker: 'date',
  timePicker: 'time',
  uploadFile: 'uploadFz',
  text: 'JNPFText',
  organizeSelect: 'comSelect',
  areaSelect: 'address',
};

export function canonicalJnpfKey(key: string | undefined): string | undefined {
  if (!key) return key;
  return V5_TO_V3[key] ?? key;
}

/** Layout keys: they hold children and store no value of their own (the sub-table `table` stores its rows). */
export const LAYOUT_KEYS = new Set(['row', 'card', 'tab', 'collapse', 'tableGrid', 'tabItem', 'collapseItem', 'tableGridTr', 'tableGridTd']);

/**
 * System widgets: the server fills their value (a bill number, the creator and times, the creator's organisation
 * and position); a submission's value for them is dropped, and they take no typing in a search.
 */
export const SYSTEM_WIDGETS: ReadonlySet<string> = new Set(['billRule', 'createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize', 'currDept', 'currPosition']);
