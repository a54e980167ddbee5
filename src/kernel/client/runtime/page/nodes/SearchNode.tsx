import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Col, Empty, Input, Pagination, Row, Segmented, Space, Spin, Typography } from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../components/useIsMobile.js';
import { callScreenApi } from '../pageApi.js';
import { PageNode, type NodeScope, type PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { fillCall, fillText } from '../template.js';
import { validate } from '../validators.js';
import { listOf } from './useCallData.js';

/**
 * {type: 'search', api, validator?, views, placeholder?, button?, pageSize?, phoneView?, hint?, empty?, summary?,
 * testId?}: a search box over one call, its results shown in one of several views (cards, a table) the user
 * switches between. The box's text goes through a registered validator first (a CAS number's check digit): a
 * problem shows under the box and nothing is sent; otherwise the validator's answer is the query ({cas} or
 * {keyword}), given to `api` as {query.*} with {page.currentPage} and {page.pageSize}. A refused search clears
 * the previous results, and only the newest search's answer is shown. Each view's body gets
 * {results} ({list, total}) and {query}; pages follow under the views when there is more than one.
 */
export interface SearchView {
  key: string;
  label: Text;
  icon?: 'cards' | 'table';
  body: PageNodeSpec;
}

export interface SearchNodeSpec extends PageNodeSpec {
  api: ScreenCall;
  validator?: string;
  views: SearchView[];
  placeholder?: Text;
  button?: Text;
  pageSize?: number;
  /** The view a phone starts with (others start with the first). */
  phoneView?: string;
  hint?: Text;
  empty?: Text;
  /** What the search was, by the first query property that is set: [{when: 'cas', text: 'CAS号 {query.cas}'}]. */
  summary?: { when?: string; text: Text }[];
  testId?: string;
}

type Query = Record<string, unknown>;
const ICONS = { cards: <AppstoreOutlined />, table: <UnorderedListOutlined /> };

export default function SearchNode({ node, scope }: PageNodeProps<SearchNodeSpec>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mobile = useIsMobile();
  const pageSize = node.pageSize ?? 20;
  const testId = node.testId ?? 'search';
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [query, setQuery] = useState<Query | null>(null);
  const [currentPage, setCurrentPage] = useState(1);
  const [results, setResults] = useState<{ list: unknown[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [view, setView] = useState<string | null>(null);
  const shownView = node.views.find((candidate) => candidate.key === view) ?? node.views.find((candidate) => mobile && candidate.key === node.phoneView) ?? node.views[0];

  // Only the newest search fills the results: an answer overtaken by a later search (or a refused one) is dropped.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const asked = ++latest.current;
    // No search (a refused one cleared it): nothing loads, including an answer still on its way.
    if (!query) return setLoading(false);
    setLoading(true);
    try {
      const { data } = await callScreenApi(fillCall(node.api, { ...scope.context, query, page: { currentPage, pageSize } }));
      if (asked !== latest.current) return;
      const list = listOf<unknown>(data);
      setResults({ list, total: Number((data as { pagination?: { total?: unknown } } | null)?.pagination?.total ?? list.length) || list.length });
    } catch {
      if (asked === latest.current) setResults({ list: [], total: 0 });
    } finally {
      if (asked === latest.current) setLoading(false);
    }
  }, [node.api, scope.context, query, currentPage, pageSize]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = (value: string) => {
    const result = validate(node.validator, value.trim(), { t, language, context: scope.context });
    if (!result.ok) {
      // The results of the previous search no longer answer what the box says: they go, with the problem shown.
      setProblem(result.message);
      setQuery(null);
      setResults(null);
      return;
    }
    setProblem(null);
    if (result.value === null || result.value === undefined || result.value === '') return;
    setCurrentPage(1);
    setQuery(typeof result.value === 'object' ? { ...(result.value as Query) } : { keyword: result.value });
  };

  // An action on a result reloads the results and what holds this node (a supplier's drawer: its linked items),
  // as a record's and a table's actions do.
  const outerReload = scope.reload;
  const reload = useCallback(async () => {
    await Promise.all([load(), outerReload?.()]);
  }, [load, outerReload]);
  const inner: NodeScope = useMemo(() => ({ ...scope, reload, context: { ...scope.context, query: query ?? {}, results: results ?? { list: [], total: 0 } } }), [scope, reload, query, results]);
  const summary = query && node.summary?.find((entry) => !entry.when || (query[entry.when] !== undefined && query[entry.when] !== ''));

  return (
    <div className="lc-search-node" data-testid={testId}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Row gutter={[8, 8]} align="middle">
          <Col flex="auto" style={{ maxWidth: 640 }} data-testid={`${testId}-input`}>
            <Input.Search
              allowClear
              enterButton={textOf(node.button, language) || t('page.query')}
              placeholder={textOf(node.placeholder, language)}
              value={text}
              status={problem ? 'error' : undefined}
              onChange={(event) => {
                setText(event.target.value);
                if (problem) setProblem(null);
              }}
              onSearch={submit}
            />
          </Col>
          {node.views.length > 1 && (
            <Col>
              <Segmented
                value={shownView.key}
                onChange={(value) => setView(String(value))}
                options={node.views.map((candidate) => ({ value: candidate.key, icon: candidate.icon ? ICONS[candidate.icon] : undefined, label: mobile && candidate.icon ? undefined : textOf(candidate.label, language) }))}
                data-testid={`${testId}-views`}
              />
            </Col>
          )}
        </Row>
        {problem && <Alert type="error" showIcon message={problem} data-testid={`${testId}-problem`} />}
        {summary && !problem && (
          <Typography.Text type="secondary" data-testid={`${testId}-summary`}>
            {fillText(textOf(summary.text, language), { query })}
            {results && !loading ? ` · ${t('page.total', { total: results.total })}` : ''}
          </Typography.Text>
        )}
        <Spin spinning={loading}>
          {!query ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={textOf(node.hint, language)} />
          ) : results && results.list.length === 0 && !loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={textOf(node.empty, language)} data-testid={`${testId}-empty`} />
          ) : results ? (
            <PageNode key={`${shownView.key}|${currentPage}|${JSON.stringify(query)}`} node={shownView.body} scope={inner} />
          ) : null}
        </Spin>
        {query && results && results.total > pageSize && (
          <Pagination size="small" current={currentPage} pageSize={pageSize} total={results.total} showSizeChanger={false} onChange={setCurrentPage} />
        )}
      </Space>
    </div>
  );
}
