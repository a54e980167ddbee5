import { memo, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Table, Tree } from 'antd';
import type { OptionItem } from '../../../src/shared/form/definition.js';
import type { WidgetProps } from '../../types.js';
import { useWidgetServices, type PopupRow } from '../services.js';
import { useWidgetText } from '../../widgetText.js';
import { emitIds, storedIds } from './pickerValues.js';
import { usePicker } from './usePicker.js';
import { ManagementDialog } from './ManagementDialog.js';
import './pickers.css';

/**
 * The business-rule template picker (billRuleSelect, spec 001 §2): the field shows the chosen numbering rule's
 * name and stores its code (enCode, what JNPF stores and what a bill-number field names). Clicking it opens the
 * 1000-wide 模板 dialog: the 业务分类 tree on the left (the businessType dictionary under its root), keyword search,
 * the rules with 业务名称, 业务编码 and 流水起始, a page at a time. 添加 opens the numbering-rule page in a dialog
 * (when the user has that menu item); the list reloads when it closes.
 */
export const BILL_RULE_PAGE = '/system/billRule';
const BILL_CATEGORY_DICTIONARY = 'businessType';
const PAGE_SIZE = 20;
const ROOT = '';

interface Query {
  keyword: string;
  categoryId: string;
  currentPage: number;
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export const BillRulePicker = memo(function BillRulePicker(props: WidgetProps) {
  const text = useWidgetText();
  const services = useWidgetServices();
  const { pickers } = services;
  const entryOf = (rule: PopupRow) => ({ key: textOf(rule.enCode), label: textOf(rule.fullName) || textOf(rule.enCode) });
  const picker = usePicker(props, {
    keys: storedIds(props.value),
    resolve: async (codes) => (pickers?.billRulesByCode ? (await pickers.billRulesByCode(codes)).map(entryOf) : []),
    toValue: (entries) => emitIds(entries.map((entry) => entry.key), false),
    onOpen: () => {
      setKeyword('');
      setQuery({ keyword: '', categoryId: ROOT, currentPage: 1 });
    },
  });
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<Query>({ keyword: '', categoryId: ROOT, currentPage: 1 });
  const [reloads, setReloads] = useState(0);
  const [page, setPage] = useState<{ rows: PopupRow[]; total: number; loading: boolean; error?: string }>({ rows: [], total: 0, loading: false });
  const [categories, setCategories] = useState<OptionItem[]>([]);
  const [managing, setManaging] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    if (!picker.open) return;
    services.loadDictionaryOptions(BILL_CATEGORY_DICTIONARY).then(setCategories, () => setCategories([]));
  }, [picker.open, services]);

  useEffect(() => {
    if (!picker.open || !pickers?.billRules) return;
    const ticket = ++latest.current;
    setPage((current) => ({ ...current, loading: true, error: undefined }));
    pickers.billRules({ ...query, pageSize: PAGE_SIZE }).then(
      (answer) => ticket === latest.current && setPage({ rows: answer.list, total: answer.total, loading: false }),
      (error: unknown) => ticket === latest.current && setPage({ rows: [], total: 0, loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
  }, [picker.open, query, reloads, pickers]);

  if (!pickers?.billRules && !props.readOnly) return <Alert type="warning" showIcon message={text('pickerUnavailable')} />;
  const managementPage = props.readOnly ? null : (services.managementPage?.(BILL_RULE_PAGE) ?? null);
  const chosen = picker.selected[0]?.key;
  const tree = [{ key: ROOT, title: text('businessCategory'), children: categories.map((category) => ({ key: textOf(category.id), title: textOf(category.fullName) })) }];
  return (
    <>
      {managementPage ? (
        <Space.Compact style={{ width: '100%' }} className="jnpf-bill-rule-select">
          {picker.field}
          <Button onClick={() => setManaging(true)} disabled={Boolean(props.disabled)} data-action="manage-bill-rules">
            {text('add')}
          </Button>
        </Space.Compact>
      ) : (
        picker.field
      )}
      {picker.open ? (
        <Modal open title={text('billRuleTemplate')} width={1000} centered destroyOnHidden maskClosable={false} okText={text('ok')} cancelText={text('cancel')} onOk={picker.dialog.onOk} onCancel={picker.dialog.onCancel} className="jnpf-picker-dialog">
          <div className="jnpf-template-picker">
            <div className="jnpf-template-tree">
              <Tree
                // Expanded as the categories arrive (defaultExpandAll applies when the tree mounts).
                key={categories.length}
                treeData={tree}
                defaultExpandAll
                selectedKeys={[query.categoryId]}
                onSelect={(keys) => setQuery((current) => ({ ...current, categoryId: keys.length ? String(keys[0]) : ROOT, currentPage: 1 }))}
              />
            </div>
            <div className="jnpf-template-main">
              <Form layout="inline" onFinish={() => setQuery((current) => ({ ...current, keyword: keyword.trim(), currentPage: 1 }))} className="jnpf-template-search">
                <Form.Item label={text('keyword')}>
                  <Input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder={text('enterKeyword')} allowClear data-testid="picker-search" />
                </Form.Item>
                <Form.Item>
                  <Space>
                    <Button type="primary" htmlType="submit">
                      {text('search')}
                    </Button>
                    <Button
                      onClick={() => {
                        setKeyword('');
                        setQuery({ keyword: '', categoryId: ROOT, currentPage: 1 });
                      }}
                    >
                      {text('reset')}
                    </Button>
                  </Space>
                </Form.Item>
              </Form>
              {page.error ? <Alert type="error" showIcon message={text('pickerLoadFailed', { message: page.error })} /> : null}
              <Table<PopupRow>
                size="small"
                rowKey={(row) => textOf(row.enCode)}
                dataSource={page.rows}
                loading={page.loading}
                columns={[
                  { key: 'index', title: text('index'), width: 60, align: 'center', render: (_value, _row, index) => (query.currentPage - 1) * PAGE_SIZE + index + 1 },
                  { key: 'fullName', dataIndex: 'fullName', title: text('businessName'), ellipsis: true },
                  { key: 'enCode', dataIndex: 'enCode', title: text('businessCode'), ellipsis: true },
                  { key: 'startNumber', dataIndex: 'startNumber', title: text('sequenceStart') },
                ]}
                rowSelection={{ type: 'radio', selectedRowKeys: chosen ? [chosen] : [], onSelect: (row) => picker.pick(entryOf(row)) }}
                onRow={(row) => ({ onClick: () => picker.pick(entryOf(row)), 'data-option': textOf(row.enCode) }) as React.HTMLAttributes<HTMLElement>}
                pagination={{ current: query.currentPage, pageSize: PAGE_SIZE, total: page.total, size: 'small', showSizeChanger: false, onChange: (currentPage) => setQuery((current) => ({ ...current, currentPage })) }}
                scroll={{ y: 360 }}
              />
            </div>
          </div>
        </Modal>
      ) : null}
      {managing && managementPage ? (
        <ManagementDialog
          page={managementPage}
          label={text('billRuleManagement')}
          onClose={() => {
            setManaging(false);
            setReloads((count) => count + 1);
          }}
        />
      ) : null}
    </>
  );
});
