import { request } from '../../../kernel/client/api/request.js';

/**
 * The mall's own calls the client makes outside its JSON screens (spec 001 §7): reagent control by CAS number
 * (read tolerantly: data.list, or a bare array) and putting an item in the cart. Every other call is named by the
 * screens themselves (schemas/mall/mall, bizData/bizcartdetail.json).
 */
export type ControlType = 'none' | 'hazardous' | 'precursor' | 'toxic' | 'explosive';

type Raw = Record<string, unknown>;

function listOf(data: unknown): Raw[] {
  if (Array.isArray(data)) return data as Raw[];
  const list = (data as { list?: unknown } | null | undefined)?.list;
  return Array.isArray(list) ? (list as Raw[]) : [];
}

const CONTROL_TYPES: ControlType[] = ['none', 'hazardous', 'precursor', 'toxic', 'explosive'];
export const controlTypeOf = (value: unknown): ControlType | undefined => (CONTROL_TYPES.includes(value as ControlType) ? (value as ControlType) : undefined);

export const mallApi = {
  /** The control type of each CAS number asked ({cas: controlType}); unknown numbers are left out. */
  async control(casList: string[]): Promise<Record<string, ControlType>> {
    if (!casList.length) return {};
    const { data } = await request<unknown>({ url: '/mall/getReagentControl', method: 'POST', data: { casList }, silent: true });
    const answer: Record<string, ControlType> = {};
    for (const row of listOf(data)) {
      const type = controlTypeOf(row.controlType);
      if (row.cas && type) answer[String(row.cas)] = type;
    }
    return answer;
  },
  putCart: (itemId: string, quantity: number) => request({ url: '/mall/putCart', method: 'POST', data: { itemId, quantity } }),
};
