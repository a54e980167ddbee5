import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { PickerNode, PickerPage, PickerPageQuery } from '../services.js';
import { useWidgetText } from '../../widgetText.js';
import { PickerListItem, type PickedEntry } from './PickerParts.js';
import { PICKER_PAGE_SIZE, nearBottom } from './pickerValues.js';

/**
 * A list that pages as it scrolls (spec 001 §9): the first page on show, the next when the list is scrolled within
 * 200 px of its end; it stops when a page comes back shorter than the page size. A new `source` (another tab,
 * another keyword) starts again from page 1.
 */
export function PagedList({ source, fetchPage, entryOf, onPick }: { source: string; fetchPage(query: PickerPageQuery): Promise<PickerPage>; entryOf(node: PickerNode): PickedEntry; onPick(node: PickerNode): void }) {
  const text = useWidgetText();
  const [state, setState] = useState<{ source: string; list: PickerNode[]; page: number; finished: boolean; loading: boolean; error?: string }>({ source: '', list: [], page: 0, finished: false, loading: false });
  const latest = useRef(state);
  latest.current = state;
  const fetcher = useRef(fetchPage);
  fetcher.current = fetchPage;

  const load = useCallback((forSource: string, page: number, before: PickerNode[]) => {
    setState({ source: forSource, list: before, page, finished: false, loading: true });
    fetcher.current({ keyword: '', currentPage: page, pageSize: PICKER_PAGE_SIZE }).then(
      (result) => {
        if (latest.current.source !== forSource) return;
        const list = [...before, ...result.list];
        const finished = result.list.length < PICKER_PAGE_SIZE || (result.total !== undefined && list.length >= result.total);
        setState({ source: forSource, list, page, finished, loading: false });
      },
      (error: unknown) => latest.current.source === forSource && setState({ source: forSource, list: before, page, finished: true, loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
  }, []);

  useEffect(() => {
    load(source, 1, []);
  }, [source, load]);

  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const current = latest.current;
    if (current.loading || current.finished || current.error) return;
    if (nearBottom(event.currentTarget)) load(current.source, current.page + 1, current.list);
  };

  return (
    <div className="jnpf-picker-scroll" data-testid="picker-list" onScroll={onScroll}>
      {state.list.map((node) => {
        const entry = entryOf(node);
        return <PickerListItem key={entry.key} entry={entry} onPick={() => onPick(node)} />;
      })}
      {state.loading ? <Spin size="small" style={{ display: 'block', margin: '12px auto' }} /> : null}
      {!state.loading && !state.error && state.list.length === 0 ? <div className="jnpf-picker-more">{text('empty')}</div> : null}
      {state.error ? <Alert type="error" showIcon message={text('pickerLoadFailed', { message: state.error })} /> : null}
    </div>
  );
}
