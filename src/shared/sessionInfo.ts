/**
 * The session-info contract of GET /api/oauth/CurrentUser (spec 000 §3), shared by the server that builds it and
 * the client that reads it.
 */
export interface MenuItem {
  id: string;
  parentId: string;
  /** Menu item types 0–8 of spec 000 §2. */
  type: number;
  enCode: string;
  fullName: string;
  icon: string | null;
  urlAddress: string | null;
  linkTarget: string | null;
  propertyJson: string | null;
  sortCode: number;
  path: string;
  vueName: string;
  hidden: boolean;
  hasChildren: boolean;
  children: MenuItem[];
}

export interface PermissionResource {
  id: string;
  enCode: string;
  fullName: string;
}

export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  button: PermissionResource[];
  column: PermissionResource[];
  form: PermissionResource[];
  resource: PermissionResource[];
}
