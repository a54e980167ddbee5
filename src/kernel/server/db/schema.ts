import type { ColumnType, Generated } from 'kysely';
import type { DesignTables } from '../../../modules/visualdev/server/design/tables.js';
import type { OnlineDataTables } from '../../../modules/visualdev/server/onlineData/tables.js';
import type { GeneratorTables } from '../../../modules/visualdev/server/generator/tables.js';
import type { DataInterfaceTables } from '../../../modules/dataInterface/server/tables.js';
import type { MessageTables } from '../../../modules/message/server/tables.js';
import type { ChatTables } from '../../../modules/message/server/chat/tables.js';
import type { EmailTables } from '../../../modules/email/server/tables.js';
import type { DashboardTables } from '../../../modules/dashboard/server/tables.js';
import type { WorkflowTables } from '../../../modules/workflow/server/tables.js';
import type { PrintDevTables } from '../../../modules/printDev/server/tables.js';

/** Table types for Kysely. Column names are snake_case in SQL; the API speaks JNPF's camelCase. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface OrganizeTable {
  id: string;
  parent_id: string;
  /** company or department */
  category: string;
  full_name: string;
  en_code: string;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
  /** The department head (a user id): approvers "department head" and the organisation list's manager column. */
  manager_id: string | null;
  /** Ids from the top company down to this node, comma-joined, this node last: "department and below" scopes. */
  organize_id_tree: WithDefault<string>;
  last_modify_time: NullableTimestamp;
}

export interface PositionTable {
  id: string;
  organize_id: string;
  full_name: string;
  en_code: string;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  /** Position type (dictionary positionType's enCode), optional. */
  type: string | null;
  description: string | null;
  created_at: Generated<Date>;
}

/** User groups (分组管理, /permission/Group): a set of users that permissions and pickers can name at once. */
export interface GroupTable {
  id: string;
  full_name: string;
  en_code: string;
  /** Group type (dictionary groupType's enCode), optional. */
  type: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
}

export interface RoleTable {
  id: string;
  full_name: string;
  en_code: string;
  global_mark: WithDefault<number>;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
}

/** The organisations an organisation role (global_mark 0) belongs to; global roles have none. */
export interface RoleOrganizeTable {
  role_id: string;
  organize_id: string;
}

/**
 * Data-permission schemes of a menu page (spec 000 §6 data permissions): what rows a grantee sees on that page's
 * lists. kind: all, organize (own organisation), organizeAndSub (own department and below), own (own records),
 * custom (condition_json: [{field, op, value}] matched with match_logic and/or).
 */
export interface ModuleDataSchemeTable {
  id: string;
  module_id: string;
  en_code: string;
  full_name: string;
  kind: string;
  condition_json: string | null;
  match_logic: WithDefault<string>;
  sort_code: WithDefault<number>;
}

export interface UserTable {
  id: string;
  account: string;
  real_name: string;
  mobile: string | null;
  email: string | null;
  gender: WithDefault<number>;
  head_icon: string | null;
  organize_id: string;
  position_id: string | null;
  /** A sub-account belongs to a main account and signs in as mobile@account. */
  parent_user_id: string | null;
  password_hash: string;
  is_administrator: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  theme: WithDefault<string>;
  language: WithDefault<string>;
  signature: string | null;
  fill_project: WithDefault<number>;
  change_password_date: NullableTimestamp;
  prev_login_time: NullableTimestamp;
  prev_login_ip: string | null;
  last_login_time: NullableTimestamp;
  last_login_ip: string | null;
  sort_code: WithDefault<number>;
  created_at: Generated<Date>;
  manager_id: string | null;
  /** 1 while the account is locked after too many failed sign-ins or by an administrator; unlock clears it. */
  lock_mark: WithDefault<number>;
  description: string | null;
  last_modify_time: NullableTimestamp;
}

export interface UserRelationTable {
  id: string;
  user_id: string;
  /** Role, Position, Organize or Group */
  object_type: string;
  object_id: string;
}

export interface ModuleTable {
  id: string;
  parent_id: string;
  /** Menu item types 0–8 of spec 000 §2. */
  type: number;
  en_code: string;
  full_name: string;
  icon: string | null;
  url_address: string | null;
  link_target: string | null;
  property_json: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  is_button_authorize: WithDefault<number>;
  is_column_authorize: WithDefault<number>;
  is_form_authorize: WithDefault<number>;
}

/** Buttons, columns and form fields of a module share one shape: an enCode the permission lists refer to. */
export interface ModuleResourceTable {
  id: string;
  module_id: string;
  en_code: string;
  full_name: string;
  sort_code: WithDefault<number>;
}

export interface AuthorizeTable {
  id: string;
  /** system (app), module (menu), button, column, form or resource (a data scheme of base_module_data_scheme) */
  item_type: string;
  item_id: string;
  /** Role, Position, User or Group: a user's permission is the union of what each of these grants them */
  object_type: string;
  object_id: string;
}

export interface DictionaryTypeTable {
  id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  is_tree: WithDefault<number>;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
}

export interface DictionaryDataTable {
  id: string;
  dictionary_type_id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
}

export interface BillRuleTable {
  id: string;
  full_name: string;
  en_code: string;
  category: string;
  prefix: string;
  date_format: string;
  digit: number;
  start_number: string;
  /** Last issued sequence value, and the date part it was issued under (see docs/decisions.md). */
  current_number: WithDefault<number>;
  current_date_part: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
  /** Set from the session on create (migration 0007_billRule_creator_and_modified); null for older rules. */
  creator_user_id: string | null;
  last_modify_time: Date | null;
}

export interface SysConfigTable {
  key: string;
  value: string;
}

export interface SessionTable {
  /** sha-256 of the token: a stolen database copy holds no usable token. */
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_seen_at: Generated<Date>;
  revoked_at: NullableTimestamp;
  revoke_reason: string | null;
  locked: WithDefault<number>;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  account: string;
  ip: string;
  succeeded: number;
  created_at: Generated<Date>;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  expires_at: Timestamp;
}

export interface SysLogTable {
  id: Generated<number>;
  user_id: string | null;
  account: string;
  /** 1 sign-in, 2 sign-out, 3 lock, 4 unlock, 5 failed sign-in */
  category: number;
  ip: string | null;
  description: string;
  created_at: Generated<Date>;
}

export interface AreaTable {
  /** The GB/T 2260 code. */
  id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  /** 1 province, 2 city, 3 district */
  type: number;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
}

export interface ColumnSettingTable {
  user_id: string;
  module_id: string;
  /** JSON: [{prop, label, visible}] */
  field_list: string;
  updated_at: Generated<Date>;
}

export interface FileBlobTable {
  id: string;
  file_name: string;
  content_type: string;
  content: Uint8Array;
  user_id: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

/** An uploaded file: its owner, its original name, and where its content lies in the file storage. */
export interface FileTable {
  id: string;
  user_id: string;
  /** JNPF's folder name the client uploaded under (annex, annexpic, IM …); recorded, never a path. */
  type: string;
  file_name: string;
  extension: string;
  size: number;
  md5: string;
  storage_key: string;
  content_type: string;
  created_at: Generated<Date>;
}

/** A chunked upload in progress, one per user and identifier (the file's MD5). */
export interface FileUploadTable {
  id: string;
  user_id: string;
  identifier: string;
  total_size: number;
  chunk_size: number;
  total_chunks: number;
  merging_until: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FileChunkTable {
  upload_id: string;
  chunk_number: number;
  size: number;
  created_at: Generated<Date>;
}

/** The files of one pack download: entries is a JSON list of {fileId, name}. */
export interface FilePackTable {
  id: string;
  user_id: string;
  entries: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface FileSecretTable {
  id: string;
  secret: Uint8Array;
  created_at: Generated<Date>;
}

export interface FileJobTable {
  name: string;
  run_after: Timestamp;
}

/** One captcha or scan ticket asked for by an address, counted for its per-address limit. */
export interface AddressRequestTable {
  id: Generated<number>;
  bucket: string;
  ip: string;
  created_at: Generated<Date>;
}

/**
 * Every table the server knows. Newer modules keep their table types in their own folder (tables.ts) and join
 * them here, so a module's tables are written where its code is.
 */
export interface DB extends DesignTables, OnlineDataTables, GeneratorTables, DataInterfaceTables, MessageTables, ChatTables, EmailTables, DashboardTables, WorkflowTables, PrintDevTables {
  base_organize: OrganizeTable;
  base_position: PositionTable;
  base_role: RoleTable;
  base_group: GroupTable;
  base_role_organize: RoleOrganizeTable;
  base_module_data_scheme: ModuleDataSchemeTable;
  base_user: UserTable;
  base_user_relation: UserRelationTable;
  base_module: ModuleTable;
  base_module_button: ModuleResourceTable;
  base_module_column: ModuleResourceTable;
  base_module_form: ModuleResourceTable;
  base_authorize: AuthorizeTable;
  base_dictionary_type: DictionaryTypeTable;
  base_dictionary_data: DictionaryDataTable;
  base_bill_rule: BillRuleTable;
  base_sys_config: SysConfigTable;
  auth_session: SessionTable;
  auth_login_attempt: LoginAttemptTable;
  auth_captcha: CaptchaTable;
  base_sys_log: SysLogTable;
  base_area: AreaTable;
  base_column_setting: ColumnSettingTable;
  base_file_blob: FileBlobTable;
  auth_sms_code: SmsCodeTable;
  auth_login_ticket: LoginTicketTable;
  auth_sso_state: SsoStateTable;
  auth_address_request: AddressRequestTable;
  base_user_image: UserImageTable;
  base_file: FileTable;
  base_file_upload: FileUploadTable;
  base_file_chunk: FileChunkTable;
  base_file_pack: FilePackTable;
  base_file_secret: FileSecretTable;
  base_file_job: FileJobTable;
  base_password_key: PasswordKeyTable;
  biz_project: ProjectTable;
  biz_project_member: ProjectMemberTable;
  biz_returned_mat: ReturnedMatTable;
  biz_mat_apply: MatApplyTable;
  biz_mat_apply_detail: MatApplyDetailTable;
  biz_supplier: SupplierTable;
  biz_item: ItemTable;
  biz_cart_item: CartItemTable;
  biz_order: OrderTable;
  biz_order_item: OrderItemTable;
}

export interface SmsCodeTable {
  id: string;
  mobile: string;
  code_hash: string;
  ip: string;
  attempts: Generated<number>;
  used: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface LoginTicketTable {
  id_hash: string;
  /** scan or sso */
  kind: string;
  /** waiting, scanned, confirmed (scan); confirmed (sso) */
  status: string;
  user_id: string | null;
  /** scan: the hash of the secret only the requesting page holds */
  secret_hash: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface SsoStateTable {
  state: string;
  code_verifier: string;
  nonce: string;
  redirect: string;
  expires_at: Date;
}

export interface UserImageTable {
  id: string;
  user_id: string;
  /** avatar or sign */
  kind: string;
  content_type: string;
  content: Buffer;
  is_default: Generated<number>;
  created_at: Generated<Date>;
}

/** The password-sealing key pair of one period (modules/users/passwordKeys.ts): transport only, replaced daily. */
export interface PasswordKeyTable {
  period: number;
  /** SPKI DER, base64: what the client seals with. */
  public_key: string;
  /** PKCS#8 PEM. */
  private_key: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

/** A project requisitions are booked to (module matApply). */
export interface ProjectTable {
  id: string;
  pro_name: string;
  organize_id: string | null;
  enabled_mark: WithDefault<number>;
  created_at: Generated<Date>;
}

export interface ProjectMemberTable {
  project_id: string;
  user_id: string;
}

/** A reagent a user holds that waits to go back to stock (matApply): 0 open, 1 submitted in a requisition. */
export interface ReturnedMatTable {
  id: string;
  user_id: string;
  item_id: string | null;
  name: string;
  cas: string | null;
  spec: string | null;
  brand: string | null;
  fineness: string | null;
  unit: string | null;
  bin_name: string | null;
  /** A date column; read it through to_char so both drivers answer the same text. */
  exp_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  apply_num: number;
  status: WithDefault<number>;
  created_at: Generated<Date>;
}

/** A material requisition application (spec 001 §3 requisition application). */
export interface MatApplyTable {
  id: string;
  bill_no: string;
  /** The applicant's user id (the caller who submitted). */
  application_user: string;
  application_date: Timestamp;
  project_id: string | null;
  need_org: string;
  company_id: string | null;
  need_user: string;
  need_date: Timestamp;
  address: string;
  /** Empty for a new application; §4 labels: 0 pending, 1 in approval, 3 rejected, -2 voided, anything else approved. */
  approval_status: number | null;
  /** 0, or 1 once voided by its owner. */
  void_status: WithDefault<number>;
  remarks: string | null;
  creator_user_id: string;
  /** The creator's main organisation when submitted (data scopes by organisation). */
  organize_id: string | null;
  created_at: Generated<Date>;
}

/** A row of an application: a spare-stock product (kind spare) or a returned reagent (kind returned). */
export interface MatApplyDetailTable {
  id: string;
  apply_id: string;
  kind: string;
  sort_code: WithDefault<number>;
  product_id: string | null;
  returned_mat_id: string | null;
  name: string | null;
  cas: string | null;
  product_count: number;
  spec: string | null;
  model: string | null;
  product_number: string | null;
  brand: string | null;
  fineness: string | null;
  unit: string | null;
  customer_undertake: WithDefault<number>;
}

/** A fictitious supplier of the reagent catalogue (module mall). */
export interface SupplierTable {
  id: string;
  full_name: string;
  contact: string | null;
  phone: string | null;
  address: string | null;
}

/** A catalogue item (module mall): a reagent in one spec, grade and brand. control_type none | hazardous | precursor | toxic | explosive. */
export interface ItemTable {
  id: string;
  item_code: string;
  name: string;
  cas: string | null;
  spec: string | null;
  model: string | null;
  fineness: string | null;
  brand: string | null;
  unit_name: string | null;
  /** numeric(12,2): read as a string. */
  price: ColumnType<string, string | number, string | number>;
  stock: WithDefault<number>;
  supplier_id: string | null;
  control_type: WithDefault<string>;
  /** Y: carried as spare stock for requisitions. */
  stocked: WithDefault<string>;
  del: WithDefault<number>;
  sort_code: WithDefault<number>;
  created_at: Generated<Date>;
}

/** A line of a user's cart (module mall); one per user and item. */
export interface CartItemTable {
  id: string;
  user_id: string;
  item_id: string;
  quantity: number;
  selected: WithDefault<number>;
  created_at: Generated<Date>;
}

/** An order placed from the mall (module mall). status: spec 001 §4 order status codes. */
export interface OrderTable {
  id: string;
  order_no: string;
  user_id: string;
  organize_id: string | null;
  status: WithDefault<number>;
  approval_status: number | null;
  second_status: number | null;
  total_amount: ColumnType<string, string | number, string | number>;
  address: string | null;
  remarks: string | null;
  created_at: Generated<Date>;
}

/** An order line: the item as it was when ordered (module mall). */
export interface OrderItemTable {
  id: string;
  order_id: string;
  item_id: string;
  name: string;
  cas: string | null;
  spec: string | null;
  brand: string | null;
  unit_name: string | null;
  price: ColumnType<string, string | number, string | number>;
  quantity: number;
}
