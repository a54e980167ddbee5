import { useCallback, useEffect, useMemo, useRef, useState, type Key } from 'react';
import { callScreenApi } from '../pageApi.js';
import type { ListSpec } from '../screen.js';
import { fillCall, type Context } from '../template.js';
import { replaceChildren, withLazyChildren, withoutEmptyChildren, type Row } from './rows.js';

/**
 * A list's data: the rows of api.list for the current search, page, sort and tree choice, reloaded whenever one
 * of them changes, with children loaded when a lazy tree row opens. The template context the list's calls are
 * filled from is built here: the outer scope's, then {treeId, tree, search, page, sort}.
 */
interface ListAnswer {
  list?: Row[];
  pagination?: { total?: number };
}

export type TreeChoice = { id: string; [field: string]: unknown } | null;

export function useListData(list: ListSpec, outer: Context, waitsForTree: boolean) {
  const { columnData } = list;
  const rowKey = list.rowKey ?? 'id';
  const [tree, setTree] = useState<TreeChoice>(null);
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: columnData.pageSize ?? 20 });
  const [sort, setSort] = useState({ sidx: columnData.defaultSidx, sort: columnData.sort });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const openedOnce = useRef(false);
  // Loads overlap (a save's reload while a search or a tree click is still answering): only the newest one's answer
  // may fill the list, or a late answer from before a delete would bring the deleted row back.
  const newestLoad = useRef(0);

  const context: Context = useMemo(() => ({ ...outer, ...(tree ? { treeId: tree.id, tree } : {}), search, page, sort }), [outer, tree, search, page, sort]);
  const blocked = waitsForTree && !tree;

  const load = useCallback(async () => {
    const thisLoad = ++newestLoad.current;
    if (blocked) {
      setRows([]);
      // A load this one overtook will not clear the spinner (only the newest may): this one does.
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      const { data } = await callScreenApi<ListAnswer>(fillCall(list.api.list, context));
      if (thisLoad !== newestLoad.current) return;
      const answered = Array.isArray(data?.list) ? data.list : [];
      setRows(columnData.lazyChildren ? withLazyChildren(answered) : withoutEmptyChildren(answered));
      // A tree table opens on its first level (the companies of the organisation tree), once: later loads keep
      // what the user opened or closed.
      if (columnData.type === 5 && !columnData.lazyChildren && !openedOnce.current) {
        openedOnce.current = true;
        setExpanded(answered.filter((row) => Array.isArray(row.children) && row.children.length).map((row) => row[rowKey] as Key));
      }
      setTotal(data?.pagination?.total ?? answered.length);
    } catch {
      if (thisLoad === newestLoad.current) setRows([]);
    } finally {
      if (thisLoad === newestLoad.current) setLoading(false);
    }
  }, [blocked, list.api.list, context, columnData.lazyChildren, columnData.type, rowKey]);

  useEffect(() => {
    void load();
  }, [load]);

  const loadChildren = async (opened: boolean, record: Row) => {
    if (!opened || !columnData.lazyChildren || !list.api.children || record.children?.length) return;
    const { data } = await callScreenApi<ListAnswer>(fillCall(list.api.children, { ...context, id: record[rowKey] }));
    setRows((current) => replaceChildren(current, rowKey, record[rowKey], withLazyChildren(data?.list ?? [])));
  };

  /** A new search starts at the first page. */
  const runSearch = (values: Record<string, unknown>) => {
    setPage((p) => ({ ...p, currentPage: 1 }));
    setSearch(values);
  };

  return { rowKey, tree, setTree, blocked, context, rows, total, loading, load, loadChildren, page, setPage, sort, setSort, runSearch, expanded, setExpanded };
}
