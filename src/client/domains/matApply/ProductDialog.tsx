import { useCallback, useEffect, useState } from 'react';
import { Input, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { matApplyApi, type StockedProduct } from './api.js';
import { PRODUCT_PAGE_SIZE } from './scroll.js';

/** The spare-stock product dialog (selection dialog, 800 px): keyword search and paging over selectStockedProductByEntity. */
export function ProductDialog({ open, onPick, onClose }: { open: boolean; onPick: (product: StockedProduct) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<StockedProduct[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (word: string, current: number) => {
    setLoading(true);
    try {
      const result = await matApplyApi.stockedProducts(word, current, PRODUCT_PAGE_SIZE);
      setRows(result.list);
      setTotal(result.total);
      setPage(current);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (open) void load(keyword, 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <Modal open={open} title={t('matApply.pickProduct')} width={800} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        placeholder={t('matApply.keyword')}
        allowClear
        enterButton={t('matApply.search')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onSearch={(word) => void load(word.trim(), 1)}
        style={{ marginBottom: 12 }}
        data-testid="product-keyword"
      />
      <Table<StockedProduct>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 640 }}
        onRow={(row) => ({ onClick: () => onPick(row), style: { cursor: 'pointer' } })}
        pagination={{ current: page, pageSize: PRODUCT_PAGE_SIZE, total, showSizeChanger: false, onChange: (current) => void load(keyword.trim(), current) }}
        columns={[
          { title: t('matApply.col.itemCode'), dataIndex: 'itemCode', width: 100 },
          { title: t('matApply.col.name'), dataIndex: 'name' },
          { title: t('matApply.col.cas'), dataIndex: 'cas', width: 110 },
          { title: t('matApply.col.spec'), dataIndex: 'spec', width: 90 },
          { title: t('matApply.col.brand'), dataIndex: 'brand', width: 100 },
          { title: t('matApply.col.unit'), dataIndex: 'unitName', width: 60 },
        ]}
      />
    </Modal>
  );
}
