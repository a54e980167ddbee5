import { useCallback, useEffect, useState } from 'react';
import { callScreenApi } from '../pageApi.js';
import type { ScreenCall } from '../screen.js';
import { fillCall, type Context } from '../template.js';

/**
 * What a node shows from one call (a record for descriptions, a list for cards and trees), loaded when the call or
 * its context changes. A refused call leaves `data` empty: the request layer has shown why.
 */
export function useCallData<T>(call: ScreenCall | undefined, context: Context) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(Boolean(call));
  const load = useCallback(async () => {
    if (!call) return;
    setLoading(true);
    try {
      setData((await callScreenApi<T>(fillCall(call, context))).data);
    } catch {
      setData(undefined);
    } finally {
      setLoading(false);
    }
  }, [call, context]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, loading, load };
}

/** Lists answer data.list; a bare array is taken as the list. */
export const listOf = <T,>(data: unknown): T[] => (Array.isArray(data) ? data : Array.isArray((data as { list?: unknown } | undefined)?.list) ? (data as { list: T[] }).list : []);
