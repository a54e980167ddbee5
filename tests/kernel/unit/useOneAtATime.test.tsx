import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useOneAtATime } from '../../../src/kernel/client/runtime/useOneAtATime.js';

/** A dialog's save pressed twice while the first is under way saves once; pressed after it ends, saves again. */
describe('useOneAtATime', () => {
  it('ignores a call while the previous one runs, and takes the next one after it', async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    const { result } = renderHook(() =>
      useOneAtATime(async () => {
        runs += 1;
        await new Promise<void>((resolve) => (finish = resolve));
      }),
    );
    const first = result.current();
    await result.current();
    expect(runs).toBe(1);
    finish();
    await first;
    const second = result.current();
    expect(runs).toBe(2);
    finish();
    await second;
  });
});
