import { request } from '../../api/request.js';

/**
 * The requisition's calls (spec 001 §7 bizProject, BizReturnedMats, BizMatApply, and Users/getUserById), read
 * tolerantly: lists answer data.list (a bare array is taken as the list), numbers may come as strings.
 */
type Raw = Record<string, unknown>;

export interface Page<T> {
  list: T[];
  total: number;
}

export interface ReturnedMat {
  id: string;
  itemId?: string;
  name: string;
  cas: string;
  spec: string;
  brand: string;
  unit: string;
  binName: string;
  expDate: string;
  applyNum: number;
}

export interface StockedProduct {
  id: string;
  name: string;
  itemCode: string;
  cas: string;
  spec: string;
  model: string;
  brand: string;
  unitName: string;
}

export interface NeedUserInfo {
  id: string;
  organizeId: string;
  department: string;
  companyId: string;
  fillProject: boolean;
}

export interface Option {
  id: string;
  name: string;
}

export interface Application {
  id: string;
  billNo: string;
  applicationUserName: string;
  applicationDate?: number;
  projectName: string;
  needOrgName: string;
  needUserName: string;
  needDate?: number;
  address: string;
  approvalStatus: unknown;
  voidStatus: unknown;
  remarks: string;
  spareCount: number;
  returnedCount: number;
  creatorUserId?: string;
  matApplyDetail?: Raw[];
  returnedMatApplyDetail?: Raw[];
}

const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
};
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export function listOf(data: unknown): Raw[] {
  if (Array.isArray(data)) return data as Raw[];
  const list = (data as { list?: unknown } | null | undefined)?.list;
  return Array.isArray(list) ? (list as Raw[]) : [];
}

function pageOf<T>(data: unknown, read: (raw: Raw) => T): Page<T> {
  const list = listOf(data).map(read);
  return { list, total: num((data as { pagination?: { total?: unknown } } | null)?.pagination?.total, list.length) };
}

export const readReturned = (raw: Raw): ReturnedMat => ({
  id: text(raw.id),
  itemId: raw.itemId === undefined ? undefined : text(raw.itemId),
  name: text(raw.name),
  cas: text(raw.cas),
  spec: text(raw.spec),
  brand: text(raw.brand),
  unit: text(raw.unit),
  binName: text(raw.binName),
  expDate: text(raw.expDate),
  applyNum: num(raw.applyNum),
});

export const readProduct = (raw: Raw): StockedProduct => ({
  id: text(raw.id),
  name: text(raw.name ?? raw.fullName),
  itemCode: text(raw.itemCode),
  cas: text(raw.cas),
  spec: text(raw.spec),
  model: text(raw.model),
  brand: text(raw.brand),
  unitName: text(raw.unitName),
});

const dateOf = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Date.parse(String(value));
  return Number.isFinite(n) ? n : undefined;
};

export const readApplication = (raw: Raw): Application => ({
  id: text(raw.id),
  billNo: text(raw.billNo),
  applicationUserName: text(raw.applicationUserName),
  applicationDate: dateOf(raw.applicationDate),
  projectName: text(raw.projectName),
  needOrgName: text(raw.needOrgName),
  needUserName: text(raw.needUserName),
  needDate: dateOf(raw.needDate),
  address: text(raw.address),
  approvalStatus: raw.approvalStatus,
  voidStatus: raw.voidStatus,
  remarks: text(raw.remarks),
  spareCount: num(raw.spareCount),
  returnedCount: num(raw.returnedCount),
  creatorUserId: raw.creatorUserId === undefined ? undefined : text(raw.creatorUserId),
  matApplyDetail: listOf(raw.matApplyDetail),
  returnedMatApplyDetail: listOf(raw.returnedMatApplyDetail),
});

export interface SubmitBody {
  applicationUser: string;
  applicationDate: number;
  projectId: string | null;
  needOrg: string | null;
  companyId: string | null;
  needUser: string | null;
  needDate: number | null;
  address: string;
  remarks: string;
  matApplyDetail: Raw[];
  returnedMatApplyDetail: Raw[];
}

export const matApplyApi = {
  async returnedMats(currentPage: number, pageSize: number): Promise<Page<ReturnedMat>> {
    const { data } = await request<unknown>({ url: '/example/BizReturnedMats/selectReturnedMats', method: 'POST', data: { currentPage, pageSize } });
    return pageOf(data, readReturned);
  },
  async stockedProducts(keyword: string, currentPage: number, pageSize: number): Promise<Page<StockedProduct>> {
    const { data } = await request<unknown>({ url: '/itemDict/BizItemDict/selectStockedProductByEntity', method: 'POST', data: { keyword, currentPage, pageSize } });
    return pageOf(data, readProduct);
  },
  async projects(userId: string): Promise<Option[]> {
    const { data } = await request<unknown>({ url: `/bizProject/getProjectByUserId/${encodeURIComponent(userId)}`, method: 'GET' });
    return listOf(data).map((raw) => ({ id: text(raw.id), name: text(raw.proName ?? raw.fullName) }));
  },
  async user(userId: string): Promise<NeedUserInfo> {
    const { data } = await request<Raw>({ url: `/permission/Users/getUserById/${encodeURIComponent(userId)}`, method: 'GET' });
    const raw = data ?? {};
    return { id: text(raw.id ?? userId), organizeId: text(raw.organizeId), department: text(raw.department), companyId: text(raw.companyId), fillProject: num(raw.fillProject) === 1 };
  },
  async organizations(): Promise<Option[]> {
    const { data } = await request<unknown>({ url: '/permission/Organize/getAllOrg', method: 'POST', silent: true });
    return listOf(data).map((raw) => ({ id: text(raw.id), name: text(raw.fullName) }));
  },
  async save(body: SubmitBody): Promise<void> {
    await request({ url: '/example/BizMatApply/saveMatApply', method: 'POST', data: body });
  },
  async list(query: { currentPage: number; pageSize: number; keyword?: string; type?: string }): Promise<Page<Application>> {
    const { data } = await request<unknown>({ url: '/example/BizMatApply/getList', method: 'POST', data: query });
    return pageOf(data, readApplication);
  },
  async detail(id: string): Promise<Application> {
    const { data } = await request<Raw>({ url: `/example/BizMatApply/${encodeURIComponent(id)}`, method: 'GET' });
    return readApplication(data ?? {});
  },
  async void(id: string): Promise<void> {
    await request({ url: `/example/BizMatApply/${encodeURIComponent(id)}/Actions/Void`, method: 'PUT' });
  },
};
