import { useEffect, useState } from 'react';
import { Button, Card, Space, Table, message } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { request } from '../../../kernel/client/api/request.js';

/**
 * The synchronisation tab of the system configuration: per platform, how many records wait, a connection test
 * with the saved credentials, and the synchronisation calls (SynThirdInfo). Offline, each answers the server's
 * translated "cannot reach" within seconds; the request layer shows it.
 */
interface Total {
  synType: string;
  recordTotal: number;
  synSuccessCount?: number;
  synFailCount?: number;
  unSynCount: number;
  synDate?: number | string | null;
}

const PLATFORMS = [
  { key: 'dingTalk', type: 2, tests: [{ label: 'test', url: '/system/SysConfig/testDingTalkConnect' }], syncs: [['syncOrganize', 'synAllOrganizeSysToDing'], ['syncUsers', 'synAllUserSysToDing']] },
  {
    key: 'weCom',
    type: 1,
    tests: [{ label: 'testAgent', url: '/system/SysConfig/0/testQyWebChatConnect' }, { label: 'test', url: '/system/SysConfig/1/testQyWebChatConnect' }],
    syncs: [['syncOrganize', 'synAllOrganizeSysToQy'], ['syncUsers', 'synAllUserSysToQy']],
  },
] as const;

function PlatformCard({ platform }: { platform: (typeof PLATFORMS)[number] }) {
  const { t } = useTranslation();
  const [totals, setTotals] = useState<Total[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    request<Total[]>({ url: `/system/SynThirdInfo/getSynThirdTotal/${platform.type}` }).then(({ data }) => setTotals(Array.isArray(data) ? data : []), () => undefined);
  }, [platform.type]);
  const run = async (key: string, call: Promise<{ msg: string }>) => {
    setBusy(key);
    try {
      const answer = await call;
      void message.success({ content: answer.msg, duration: 1.5 });
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card size="small" title={t(`msgCenter.${platform.key}`)} data-testid={`sync-${platform.key}`}>
      {/* The results of the last synchronisation per kind, as getSynThirdTotal answers them. */}
      <Table<Total>
        size="small"
        pagination={false}
        rowKey="synType"
        dataSource={totals}
        data-testid={`sync-results-${platform.key}`}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'synType', dataIndex: 'synType', title: t('msgCenter.synType') },
          { key: 'recordTotal', dataIndex: 'recordTotal', title: t('msgCenter.synTotal'), align: 'right' },
          { key: 'synSuccessCount', dataIndex: 'synSuccessCount', title: t('msgCenter.synSuccess'), align: 'right', render: (value?: number) => value ?? 0 },
          { key: 'synFailCount', dataIndex: 'synFailCount', title: t('msgCenter.synFail'), align: 'right', render: (value?: number) => value ?? 0 },
          { key: 'unSynCount', dataIndex: 'unSynCount', title: t('msgCenter.synPending'), align: 'right' },
          { key: 'synDate', dataIndex: 'synDate', title: t('msgCenter.synDate'), render: (value?: number | string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : t('msgCenter.neverSynced')) },
        ]}
      />
      <Space wrap style={{ marginTop: 8 }}>
        {platform.tests.map((test) => (
          <Button key={test.url} loading={busy === test.url} onClick={() => void run(test.url, request({ url: test.url, method: 'POST', data: {} }))}>{t(`msgCenter.${test.label}`)}</Button>
        ))}
        {platform.syncs.map(([label, path]) => (
          <Button key={path} loading={busy === path} onClick={() => void run(path, request({ url: `/system/SynThirdInfo/${path}`, method: 'GET', data: { type: platform.type } }))}>{t(`msgCenter.${label}`)}</Button>
        ))}
      </Space>
    </Card>
  );
}

export function ThirdPartyNode() {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {PLATFORMS.map((platform) => <PlatformCard key={platform.key} platform={platform} />)}
    </Space>
  );
}
