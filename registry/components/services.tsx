import { createContext, useContext, useEffect, useState, type ReactElement } from 'react';
import type { OptionItem } from '../../src/shared/form/definition.js';
import type { InterfaceParam } from '../interfaceSource.js';

/**
 * What widgets may ask of the runtime around them, by interface only: option lists from the dictionary API or a
 * data interface, and the language. The runtime provides the implementation; tests provide their own.
 */
export interface WidgetServices {
  loadDictionaryOptions(dictionaryType: string): Promise<OptionItem[]>;
  /** A data interface's rows (its id, or one of the platform's own paths), run with the given parameters. */
  loadInterfaceOptions(propsUrl: string, paramList?: InterfaceParam[]): Promise<OptionItem[]>;
  language: 'zh' | 'zhtw' | 'en';
  /** Upload endpoint for file and image widgets (spec 001 §7). */
  uploadUrl(type: string): string;
  authorization(): string | null;
  /** Opens a related record (relation-form links in the record viewer); absent where nothing can be opened. */
  openRecord?: (modelId: string, recordId: string) => void;
  /** Chunked upload, image upload, downloads and preview (spec 001 §7); absent where files cannot be stored. */
  files?: FileServices;
  /** The organisation, user and region pickers' calls (spec 001 §2, §7); absent where nothing can be picked. */
  pickers?: PickerServices;
  /**
   * A workspace page by its menu path (/systemData/dictionary), for the pickers' 添加 buttons that open the page
   * whose data they pick from in a dialog (spec 001 §2); null when this user has no such menu item, and then the
   * button is not offered.
   */
  managementPage?(path: string): ReactElement | null;
}

/**
 * A node of the pickers' trees and lists (spec 001 §3): organisations (company, department), positions, roles,
 * groups, users and regions share it. organizeIds are the ids along the organisation path, top first.
 */
export interface PickerNode {
  id: string;
  fullName: string;
  type?: string;
  icon?: string;
  headIcon?: string;
  /** The organisation path as text, 公司/部门. */
  organize?: string;
  organizeIds?: string[];
  hasChildren?: boolean;
  isLeaf?: boolean;
  disabled?: boolean;
  children?: PickerNode[];
  /** Roles appear under several organisations: onlyId tells the tree's copies apart. */
  onlyId?: string;
  /** A department of a custom list shows its own name rather than its path. */
  lastFullName?: string;
}

export interface PickerPageQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export interface PickerPage {
  list: PickerNode[];
  total?: number;
}

/** Which organisation tree: companies only, or companies and departments; all, or only those the user may see. */
export interface OrganizeScope {
  auth?: boolean;
  onlyOrganize?: boolean;
  /** The organisation the authorised tree starts from ('0': the user's own). */
  currentOrganizeId?: string;
}

/**
 * What the pickers ask of the platform, by meaning rather than by path: the runtime maps each to JNPF's calls
 * (src/kernel/client/api/pickerServices.ts), tests give a fake. Trees come whole; the user lists come in pages.
 */
export interface PickerServices {
  organizeTree(scope: OrganizeScope): Promise<PickerNode[]>;
  /** The allowed departments of a custom department or organisation picker, as a tree with their paths. */
  organizeCondition(departIds: string[]): Promise<PickerNode[]>;
  positionTree(): Promise<PickerNode[]>;
  /** The allowed positions of a custom position picker: those listed, and those of the listed departments. */
  positionCondition(query: { departIds: string[]; positionIds: string[] }): Promise<PickerNode[]>;
  /** Organisation roles under their organisations, and global roles under the 全局 node (id '1'). */
  roleTree(): Promise<PickerNode[]>;
  roleCondition(ids: string[]): Promise<PickerNode[]>;
  groupTree(): Promise<PickerNode[]>;
  /** The user tree: organisations and users under a node ('0' the top); with a keyword, a paged search of users. */
  userTree(nodeId: string, query?: PickerPageQuery): Promise<PickerPage>;
  /** Users of the signed-in user's organisation, and the signed-in user's subordinates. */
  currentOrganizeUsers(keyword: string): Promise<PickerNode[]>;
  subordinates(keyword: string): Promise<PickerNode[]>;
  /** Users a limited picker offers: ids are "id--type" (user, department, position, role, group), paged. */
  usersByCondition(ids: string[], query: PickerPageQuery): Promise<PickerPage>;
  /** What stored ids stand for (users by id, or "id--type" entries of any kind), in the order asked. */
  selectedList(ids: string[]): Promise<PickerNode[]>;
  /** The regions under a parent ('-1' for provinces). */
  areaChildren(parentId: string): Promise<PickerNode[]>;
  /** For each path of region ids, its names. */
  areaNames(paths: string[][]): Promise<string[][]>;
  /** A page of a data interface's rows (popup select, popup table select), the keyword looked for in the query's fields. */
  interfaceRows?(interfaceId: string, query: PopupQuery): Promise<PopupPage>;
  /** The rows of a data interface whose propsValue field holds the stored values, wherever they are paged. */
  interfaceRowsByIds?(interfaceId: string, ids: string[], options: { propsValue: string; relationField?: string; paramList?: InterfaceParam[] }): Promise<PopupRow[]>;
  /** A page of an online-development model's records (relation form). */
  modelRows?(modelId: string, query: PopupQuery): Promise<PopupPage>;
  /** One record of a model, null when it is gone. */
  modelRecord?(modelId: string, recordId: string): Promise<PopupRow | null>;
  /** The dictionary's categories as a tree (the dictionary picker with no category chosen picks one of them). */
  dictionaryTypes?(): Promise<PickerNode[]>;
  /** A page of the enabled numbering rules, of one business category ('' for all), searched by name or code. */
  billRules?(query: PickerPageQuery & { categoryId: string }): Promise<PopupPage>;
  /** The enabled numbering rules by code (the bill-rule template picker stores a rule's code). */
  billRulesByCode?(codes: string[]): Promise<PopupRow[]>;
}

/** A row of a data interface or a model's record, as the server answers it. */
export type PopupRow = Record<string, unknown>;

export interface PopupQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  /** The field shown as the label, searched by the keyword. */
  relationField?: string;
  /** Further fields to search, comma-joined (the popup's columns). */
  columnOptions?: string;
  paramList?: InterfaceParam[];
}

export interface PopupPage {
  list: PopupRow[];
  total: number;
}

/** A stored file item of spec 001 §3, the value of file and image fields. */
export interface StoredFile {
  name: string;
  fileId: string;
  url: string;
  fileSize?: number;
  fileExtension?: string;
  fileVersionId?: string;
}

/** Upload states of spec 001 §4; checking is the MD5 pass, with the file held back until it ends. */
export type UploadStatus = 'checking' | 'waiting' | 'uploading' | 'paused' | 'success' | 'error';

/** One file of the upload panel as the panel shows it; progress is 0–1, at most 0.99 until the completion call answers. */
export interface UploadTaskView {
  id: string;
  name: string;
  size: number;
  status: UploadStatus;
  progress: number;
  /** The server's own reason when it refused. */
  message?: string;
  identifier?: string;
  /** Every chunk is stored and the completion call is under way: no pause now. */
  finishing?: boolean;
}

/** Why a file did not arrive: unreadable, refused by the server (its msg), or failed after the retries. */
export interface UploadFailure {
  kind: 'read' | 'refused' | 'failed';
  message?: string;
}

/** The upload panel's files: add, pause, resume, retry, remove; subscribe for changes, tasks() for a snapshot. */
export interface UploadSession {
  add(file: File): string;
  pause(id: string): void;
  resume(id: string): void;
  retry(id: string): void;
  remove(id: string): void;
  tasks(): UploadTaskView[];
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export interface UploadSessionOptions {
  /** The completion call's type (annex by default), pathType, isAccount and folder. */
  type: string;
  pathType: string;
  isAccount: string;
  folder: string;
  onSuccess(task: UploadTaskView, file: StoredFile): void;
  onFailure(task: UploadTaskView, failure: UploadFailure): void;
}

export interface FileServices {
  createUploadSession(options: UploadSessionOptions): UploadSession;
  /**
   * POST /api/file/Uploader/{type} (annexpic for images; IM for chat images): data.name and data.url. A refusal
   * rejects with an error named UploadRefusedError whose message is the server's msg; a lost connection with any other.
   */
  uploadImage(file: File, type: string, form: { pathType: string; isAccount: string; folder: string }): Promise<{ name: string; url: string }>;
  /** The signed download address of a stored file. */
  downloadUrl(type: string, fileId: string): Promise<string>;
  /** One zip of several stored files: its address and name. */
  packDownload(type: string, files: { fileId: string; fileName: string }[]): Promise<{ url: string; name: string }>;
  /** How to show a stored file (image viewer, PDF or text in the preview dialog, or a download); null when it is gone. */
  preview(file: StoredFile): Promise<FilePreview | null>;
}

/** A file ready to show: its signed address, and for text its content, already read; for Office files, the server's conversion. */
export interface FilePreview {
  previewType: 'image' | 'pdf' | 'text' | 'office' | 'download';
  url: string;
  name: string;
  text?: string;
  document?: OfficePreviewDocument;
}

/** A Word, Excel or PowerPoint file as the server converted it for the preview (src/modules/file/server/officePreview.ts). */
export type OfficePreviewDocument =
  | { format: 'docx'; html: string }
  | { format: 'xlsx'; sheets: { name: string; rows: string[][]; truncated: boolean }[]; truncatedSheets: boolean }
  | { format: 'pptx'; slides: { index: number; paragraphs: string[] }[]; truncated: boolean };

const unavailable = (what: string) => () => Promise.reject(new Error(`${what} is not available here`));

export const WidgetServicesContext = createContext<WidgetServices>({
  loadDictionaryOptions: unavailable('the dictionary API'),
  loadInterfaceOptions: unavailable('the data interface API'),
  language: 'zh',
  uploadUrl: (type) => `/api/file/Uploader/${type}`,
  authorization: () => null,
});

export const useWidgetServices = () => useContext(WidgetServicesContext);

export interface OptionSource {
  dataType?: string;
  options?: OptionItem[];
  dictionaryType?: string;
  propsUrl?: string;
  paramList?: InterfaceParam[];
}

/** Static options as given; dictionary and dynamic ones loaded once per source. A failed load shows no options and says why. */
export function useOptions(source: OptionSource): { options: OptionItem[]; error?: string; loading: boolean } {
  const services = useWidgetServices();
  // The parameters are part of what is asked: two fields of one interface with other parameters get other rows.
  const params = source.paramList?.length ? JSON.stringify(source.paramList) : '';
  const key = source.dataType === 'dictionary' ? `d:${source.dictionaryType}` : source.dataType === 'dynamic' ? `i:${source.propsUrl}:${params}` : 'static';
  const [state, setState] = useState<{ key: string; options: OptionItem[]; error?: string; loading: boolean }>({ key: '', options: [], loading: false });
  useEffect(() => {
    if (key === 'static') return;
    let cancelled = false;
    setState({ key, options: [], loading: true });
    const load =
      source.dataType === 'dictionary'
        ? source.dictionaryType
          ? services.loadDictionaryOptions(source.dictionaryType)
          : Promise.reject(new Error('no dictionaryType'))
        : source.propsUrl
          ? services.loadInterfaceOptions(source.propsUrl, source.paramList)
          : Promise.reject(new Error('no propsUrl'));
    load.then(
      (options) => !cancelled && setState({ key, options, loading: false }),
      (error: unknown) => !cancelled && setState({ key, options: [], loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
    // paramList is read through key (its JSON), so a new array with the same rows does not load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, services, source.dataType, source.dictionaryType, source.propsUrl]);
  if (key === 'static') return { options: source.options ?? [], loading: false };
  return state.key === key ? state : { options: [], loading: true };
}
