import { useEffect, useState } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGINATION } from '../../../../shared/constants.js';
import { formatDate } from '../../../../shared/format/dateFormat.js';
import { getSystemLog, type SystemLogEntry } from '../../../../kernel/client/api/currentUserApi.js';

/** The user's own system log (GET SystemLog): sign-ins, sign-outs, locks, failures, password changes. */
export function SystemLogPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState<{ currentPage: number; pageSize: number }>({ currentPage: PAGINATION.currentPage, pageSize: PAGINATION.pageSize });
  const [rows, setRows] = useState<SystemLogEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    setLoading(true);
    getSystemLog(page)
      .then(({ data }) => {
        setRows(data.list);
        setTotal(data.pagination.total);
      }, () => undefined)
      .finally(() => setLoading(false));
  }, [page]);

  return (
    <Table<SystemLogEntry>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      data-testid="system-log"
      scroll={{ x: 600 }}
      columns={[
        { title: t('profile.logTime'), dataIndex: 'creatorTime', width: 170, render: (value: number) => formatDate(value) },
        { title: t('profile.logCategory'), dataIndex: 'category', width: 120, render: (value: number) => t(`profile.logCategories.${value}`, { defaultValue: String(value) }) },
        { title: t('profile.logIp'), dataIndex: 'ipAddress', width: 140 },
        { title: t('profile.logDescription'), dataIndex: 'description' },
      ]}
      pagination={{
        current: page.currentPage,
        pageSize: page.pageSize,
        total,
        pageSizeOptions: PAGINATION.pageSizes.map(String),
        showSizeChanger: true,
        showTotal: (count) => t('page.total', { total: count }),
        onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
      }}
    />
  );
}
