import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListSpec } from '../../../src/kernel/client/runtime/page/screen.js';
import { useFakeRequest } from '../../support/unit/fakeRequest.js';

/**
 * A list's loads overlap when a save's reload starts while an earlier load is still answering. The HTTP layer is
 * scripted here so that the earlier answer arrives last, the order a loaded server produces now and then.
 */
const pending: { resolve: (answer: unknown) => void }[] = [];
useFakeRequest(vi.fn(() => new Promise((resolve) => pending.push({ resolve }))));

const { useListData } = await import('../../../src/kernel/client/runtime/page/list/useListData.js');

const list: ListSpec = {
  title: '字典',
  columnData: { type: 1, columnList: [{ prop: 'fullName', label: '名称' }] },
  api: { list: { url: '/demo/list' } },
};
const answer = (...names: string[]) => ({ code: 200, msg: '', data: { list: names.map((fullName) => ({ id: fullName, fullName })) } });

describe('a list whose loads overlap', () => {
  it('shows the newest load, not the one that answered last', async () => {
    const outer = {};
    const { result } = renderHook(() => useListData(list, outer, false));
    await waitFor(() => expect(pending).toHaveLength(1));
    pending.shift()!.resolve(answer('水样', '土壤'));
    await waitFor(() => expect(result.current.rows.map((row) => row.fullName)).toEqual(['水样', '土壤']));

    // A reload starts (before a delete), then another (after it); the first one's answer comes back last.
    await act(async () => {
      void result.current.load();
      void result.current.load();
    });
    const [beforeDelete, afterDelete] = pending.splice(0);
    await act(async () => afterDelete.resolve(answer('水样')));
    await act(async () => beforeDelete.resolve(answer('水样', '土壤')));
    expect(result.current.rows.map((row) => row.fullName)).toEqual(['水样']);
    expect(result.current.loading).toBe(false);
  });
});
