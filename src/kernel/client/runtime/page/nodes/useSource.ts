import { useMemo } from 'react';
import type { ScreenCall } from '../screen.js';
import { fillValue, type Context } from '../template.js';
import { useCallData } from './useCallData.js';

/**
 * What a node shows: from its own call (`api`), or from its holder's context by one placeholder (`source`:
 * '{record}', '{record.items}'), so a record node's call serves every node inside it. A source reads no server.
 */
export function useSource<T>(api: ScreenCall | undefined, source: string | undefined, context: Context) {
  const called = useCallData<T>(source === undefined ? api : undefined, context);
  const given = useMemo(() => (source === undefined ? undefined : (fillValue(source, context) as T | undefined)), [source, context]);
  return source === undefined ? called : { data: given, loading: false, load: async () => undefined };
}
