/**
 * What a choice widget sends to its data interface as parameters (templateJson). JNPF's parameter rows say where
 * each value comes from (sourceType): 2 a value written in the design, 3 empty, 1 another field of the form, 4 a
 * system variable. Widgets and the server's label lookups see no other field, so 1 and 4 are sent without a
 * value and the interface's own default applies (docs/api.md, "Data interfaces").
 */
export interface InterfaceParam {
  field: string;
  defaultValue: string | null;
}

interface TemplateRow {
  field?: unknown;
  defaultValue?: unknown;
  sourceType?: unknown;
}

export function interfaceParams(templateJson: unknown): InterfaceParam[] {
  if (!Array.isArray(templateJson)) return [];
  return (templateJson as TemplateRow[])
    .filter((row) => row && typeof row.field === 'string' && row.field)
    .map((row) => {
      const source = Number(row.sourceType ?? 2);
      const value = source === 2 && row.defaultValue !== undefined && row.defaultValue !== null ? String(row.defaultValue) : null;
      return { field: row.field as string, defaultValue: source === 3 ? '' : value };
    })
    .filter((row) => row.defaultValue !== null);
}
