import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Row, Skeleton, Typography, message } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultDashboardLayout, type DashboardLayout } from '../../../shared/dashboardLayout.js';
import { request } from '../../../kernel/client/api/request.js';
import { DashboardCard } from './cards.js';
import { CustomizeDrawer } from './CustomizeDrawer.js';
import './words.js';

const LAYOUT_URL = '/visualdev/Dashboard/Layout';

/**
 * /dashboard (spec 000 §2, portal display): the signed-in user's cards — to-dos, notices, unread messages and
 * mail, their orders and requisitions, quick links — in the order and with the visibility they chose, saved on
 * the server (GET/PUT/DELETE /api/visualdev/Dashboard/Layout) so it follows them to any browser.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<DashboardLayout | null>(null);
  const [customizing, setCustomizing] = useState(false);

  useEffect(() => {
    request<DashboardLayout>({ url: LAYOUT_URL, method: 'GET' }).then(
      ({ data }) => setLayout(data),
      // Without the saved layout the default still gives a working page.
      () => setLayout(defaultDashboardLayout()),
    );
  }, []);

  const save = useCallback(async (next: DashboardLayout) => {
    const answer = await request<DashboardLayout>({ url: LAYOUT_URL, method: 'PUT', data: { cards: next.cards, quickLinks: next.quickLinks } });
    setLayout(answer.data);
    setCustomizing(false);
    void message.success({ content: answer.msg, duration: 1.5 });
  }, []);
  const reset = useCallback(async () => {
    const answer = await request<DashboardLayout>({ url: LAYOUT_URL, method: 'DELETE' });
    setLayout(answer.data);
    setCustomizing(false);
    void message.success({ content: answer.msg, duration: 1.5 });
  }, []);

  if (!layout) return <Skeleton active />;
  const shown = layout.cards.filter((c) => c.visible);
  return (
    <div className="lc-dashboard" data-testid="dashboard">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>{t('dashboard.title')}</Typography.Title>
        <Button icon={<SettingOutlined />} onClick={() => setCustomizing(true)} data-testid="dashboard-customize">{t('dashboard.customize')}</Button>
      </div>
      {shown.length === 0 ? <Alert type="info" showIcon message={t('dashboard.allHidden')} /> : null}
      <Row gutter={[12, 12]}>
        {shown.map((card) => (
          <Col key={card.id} xs={24} lg={card.id === 'quickLinks' ? 24 : 12}>
            <Card size="small" title={t(`dashboard.cards.${card.id}`)} data-testid={`dashboard-card-${card.id}`} style={{ height: '100%' }}>
              <DashboardCard id={card.id} quickLinks={layout.quickLinks} />
            </Card>
          </Col>
        ))}
      </Row>
      <CustomizeDrawer open={customizing} layout={layout} onClose={() => setCustomizing(false)} onSave={save} onReset={reset} />
    </div>
  );
}
