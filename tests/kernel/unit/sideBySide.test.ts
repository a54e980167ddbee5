import { describe, expect, it } from 'vitest';
import { sideBySide } from '../../support/sideBySide.js';

/** The test set-ups' side-by-side start (global setups' seeds, two server processes): clean-up after a failure. */
describe('sideBySide', () => {
  it('answers every result when all steps succeed, and cleans nothing up', async () => {
    let cleaned = false;
    expect(await sideBySide([Promise.resolve(1), Promise.resolve('a')], async () => void (cleaned = true))).toEqual([1, 'a']);
    expect(cleaned).toBe(false);
  });

  it('lets the other steps finish before cleaning up what started, then throws the failure', async () => {
    const order: string[] = [];
    let finishSlow!: (value: string) => void;
    const slow = new Promise<string>((resolve) => (finishSlow = resolve)).then((value) => (order.push('slow finished'), value));
    const failing = Promise.reject(new Error('seed failed'));
    const run = sideBySide([slow, failing], async (started) => {
      order.push(`clean up ${JSON.stringify(started)}`);
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    finishSlow('server');
    await expect(run).rejects.toThrow('seed failed');
    expect(order).toEqual(['slow finished', 'clean up ["server",null]']);
  });
});
