/**
 * JNPF form definitions (spec 001 §3, "Dynamic form field definition"), as the server and the designer store
 * them. They are wild JSON: every property is optional and unknown ones are kept, so the types describe what
 * the runtime reads, not everything a definition may hold.
 */
export interface RegRule {
  pattern: string;
  message?: string;
}

export interface FieldConfig {
  jnpfKey?: string;
  label?: string;
  showLabel?: boolean;
  labelWidth?: number | null;
  span?: number;
  layout?: string;
  defaultValue?: unknown;
  noShow?: boolean;
  /** Clients the field shows on; the web runtime shows fields whose list includes pc (absent means everywhere). */
  visibility?: string[];
  required?: boolean;
  regList?: RegRule[];
  children?: FieldDefinition[];
  tableName?: string;
  isSubTable?: boolean;
  relationTable?: string;
  dataType?: 'static' | 'dictionary' | 'dynamic' | string;
  dictionaryType?: string;
  propsUrl?: string;
  props?: { label?: string; value?: string; children?: string };
  templateJson?: unknown[];
  isStorage?: number;
  formId?: number | string;
  active?: string | string[];
  componentName?: string;
  /** LabCode: the message when a required field is empty (JNPF always says 不能为空). */
  requiredMessage?: string;
  /** LabCode: the field cannot change once the record exists (e.g. a dictionary category's tree switch). */
  editDisabled?: boolean;
  showTitle?: boolean;
  rule?: string;
  [extra: string]: unknown;
}

export interface FieldDefinition {
  __config__: FieldConfig;
  __vModel__?: string;
  __slot__?: { options?: OptionItem[]; default?: string; prepend?: string; append?: string; [k: string]: unknown };
  options?: OptionItem[];
  props?: { props?: { label?: string; value?: string; children?: string; multiple?: boolean } };
  title?: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  readonly?: boolean;
  [extra: string]: unknown;
}

export interface OptionItem {
  [key: string]: unknown;
  children?: OptionItem[];
}

export interface FormDefinition {
  fields: FieldDefinition[];
  labelWidth?: number;
  labelPosition?: 'left' | 'right' | 'top' | string;
  gutter?: number;
  span?: number;
  size?: string;
  disabled?: boolean;
  popupType?: 'general' | 'fullScreen' | 'drawer' | string;
  generalWidth?: string;
  fullScreenWidth?: string;
  drawerWidth?: string;
  hasPrintBtn?: boolean;
  printId?: string;
  printButtonText?: string;
  formBtns?: boolean;
  [extra: string]: unknown;
}

/** Accepts a definition as stored (an object, or the JSON string of one) and checks its outer shape. */
export function readFormDefinition(input: unknown): FormDefinition {
  const value = typeof input === 'string' ? JSON.parse(input) : input;
  if (!value || typeof value !== 'object' || !Array.isArray((value as FormDefinition).fields)) {
    throw new Error('not a form definition: an object with a fields array is expected');
  }
  return value as FormDefinition;
}
