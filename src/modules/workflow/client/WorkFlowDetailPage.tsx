import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Descriptions, Empty, Input, message, Modal, Result, Space, Spin, Steps, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { FLOW_LIMITS, HandleStatus } from '../../../shared/workflow/flowStatus.js';
import { readFormDefinition, type FormDefinition } from '../../../shared/form/definition.js';
import { WidgetServicesContext } from '../../../../registry/components/services.js';
import { UserPicker } from '../../../../registry/components/pickers/UserPicker.js';
import { platformWidgetServices } from '../../../kernel/client/api/widgetServices.js';
import { FormRenderer } from '../../../kernel/client/runtime/FormRenderer.js';
import { CommonWordsPicker } from './CommonWordsPicker.js';
import { FlowStatusTag, UrgencyTag } from './flowTags.js';
import { workflowApi, type FlowDetail, type OperatorRecord } from './workflowApi.js';
import './words.js';
import './workflow.css';

/**
 * /workFlowDetail?id=<flow id> (spec 000 §2): the flow's record in its design's form, read-only; its status and
 * urgency; its steps; its approval records as a timeline; and the actions the caller may take (the server answers
 * which): approve, reject or transfer when the flow waits for the caller, withdraw or cancel when they launched it.
 */
const TIME = 'YYYY-MM-DD HH:mm';
const RECORD_COLOURS: Record<number, string> = { [HandleStatus.approved]: 'green', [HandleStatus.sentBack]: 'red', [HandleStatus.initiated]: 'blue', [HandleStatus.withdrawn]: 'orange', [HandleStatus.terminated]: 'gray', [HandleStatus.transferred]: 'blue' };

function RecordLine({ record }: { record: OperatorRecord }) {
  const { t } = useTranslation();
  return (
    <div className="workflow-record" data-testid="flow-record">
      <div>
        <strong>{record.nodeName}</strong> · {record.userName} · <span data-testid="flow-record-action">{t(`workflow.handle.${record.handleStatus}`)}</span>
        {record.freeApproverUserName ? ` → ${record.freeApproverUserName}` : ''}
      </div>
      <div className="workflow-record-time">{dayjs(record.handleTime).format(TIME)}</div>
      {record.handleOpinion ? <div className="workflow-record-opinion">{record.handleOpinion}</div> : null}
    </div>
  );
}

export function WorkFlowDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('taskId') ?? '';
  const [detail, setDetail] = useState<FlowDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [transferTo, setTransferTo] = useState<string>('');

  const load = useCallback(async () => {
    if (!id) return;
    try {
      setDetail(await workflowApi.detail(id));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const definition = useMemo<FormDefinition | null>(() => {
    try {
      return detail?.flowFormInfo ? readFormDefinition(detail.flowFormInfo.formData) : null;
    } catch {
      return null;
    }
  }, [detail]);

  if (!id) return <Result status="warning" title={t('workflow.noId')} />;
  if (failed)
    return (
      <div data-testid="workflow-missing">
        <Result status="404" title={t('workflow.detailTitle')} />
      </div>
    );
  if (!detail) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const task = detail.flowTaskInfo;
  const actions = detail.actions;
  const act = async (run: () => Promise<{ msg: string }>) => {
    setBusy(true);
    try {
      const answer = await run();
      void message.success({ content: answer.msg, duration: 1.5 });
      setOpinion('');
      await load();
    } catch {
      // The request layer has shown the refusal; the page stays as it was.
    } finally {
      setBusy(false);
    }
  };
  const confirmThen = (text: string, run: () => Promise<{ msg: string }>) => Modal.confirm({ title: t('page.confirmTitle'), content: text, okText: t('workflow.ok'), cancelText: t('page.cancel'), onOk: () => act(run) });
  const operatorId = actions.taskOperatorId ?? '';
  const anyAction = actions.audit || actions.reject || actions.transfer || actions.withdraw || actions.cancel;

  return (
    <div className="workflow-detail" data-testid="workflow-detail">
      <Card
        size="small"
        title={
          <Space wrap>
            <span data-testid="flow-title">{task.fullName}</span>
            <FlowStatusTag status={task.status} />
            <UrgencyTag urgency={task.flowUrgent} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }}>
          <Descriptions.Item label={t('workflow.flowName')}>{task.flowName}</Descriptions.Item>
          <Descriptions.Item label={t('workflow.launcher')}>{task.userName}</Descriptions.Item>
          <Descriptions.Item label={t('workflow.startTime')}>{dayjs(task.startTime).format(TIME)}</Descriptions.Item>
          <Descriptions.Item label={t('workflow.thisStep')}>{task.thisStep || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>

      <div className="workflow-columns">
        <Card size="small" title={t('workflow.record')} className="workflow-form">
          {definition && detail.formData ? (
            <WidgetServicesContext.Provider value={platformWidgetServices}>
              <FormRenderer definition={definition} initialValues={detail.formData} readOnly services={platformWidgetServices} />
            </WidgetServicesContext.Provider>
          ) : (
            <Alert type="info" message={t('workflow.formMissing')} />
          )}
        </Card>

        <div className="workflow-side">
          <Card size="small" title={t('workflow.steps')}>
            <Steps
              direction="vertical"
              size="small"
              current={Math.max(0, detail.flowTaskNodeList.findIndex((n) => n.state === 'current'))}
              items={detail.flowTaskNodeList.map((node) => ({
                title: node.nodeName,
                description: `${node.approvers || '—'} · ${t(`workflow.stepState.${node.state}`)}`,
                status: node.state === 'done' ? 'finish' : node.state === 'current' ? 'process' : 'wait',
              }))}
            />
          </Card>
          <Card size="small" title={t('workflow.records')}>
            {detail.flowTaskOperatorRecordList.length ? (
              <Timeline items={detail.flowTaskOperatorRecordList.map((record) => ({ key: record.id, color: RECORD_COLOURS[record.handleStatus] ?? 'gray', children: <RecordLine record={record} /> }))} />
            ) : (
              <Empty description={t('workflow.noRecords')} />
            )}
          </Card>
        </div>
      </div>

      {anyAction ? (
        <Card size="small" title={t('workflow.opinion')} className="workflow-actions">
          <span data-testid="flow-opinion">
            <Input.TextArea value={opinion} onChange={(e) => setOpinion(e.target.value)} maxLength={FLOW_LIMITS.opinionLength} showCount autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('workflow.opinionPlaceholder')} />
          </span>
          <div className="workflow-action-bar">
            <CommonWordsPicker opinion={opinion} onPick={(text) => setOpinion((current) => (current ? `${current}${text}` : text).slice(0, FLOW_LIMITS.opinionLength))} />
            <Space wrap>
              {actions.audit ? (
                <span data-testid="flow-audit">
                  <Button type="primary" loading={busy} onClick={() => void act(() => workflowApi.audit(operatorId, opinion))}>
                    {t('workflow.audit')}
                  </Button>
                </span>
              ) : null}
              {actions.reject ? (
                <span data-testid="flow-reject">
                  <Button danger disabled={busy} onClick={() => confirmThen(t('workflow.rejectConfirm'), () => workflowApi.reject(operatorId, opinion))}>
                    {t('workflow.reject')}
                  </Button>
                </span>
              ) : null}
              {actions.transfer ? (
                <span data-testid="flow-transfer">
                  <Button disabled={busy} onClick={() => setTransferring(true)}>
                    {t('workflow.transfer')}
                  </Button>
                </span>
              ) : null}
              {actions.withdraw ? (
                <span data-testid="flow-withdraw">
                  <Button disabled={busy} onClick={() => confirmThen(t('workflow.withdrawConfirm'), () => workflowApi.withdraw(task.id, opinion))}>
                    {t('workflow.withdraw')}
                  </Button>
                </span>
              ) : null}
              {actions.cancel ? (
                <span data-testid="flow-cancel">
                  <Button danger disabled={busy} onClick={() => confirmThen(t('workflow.cancelConfirm'), () => workflowApi.cancel(task.id, opinion))}>
                    {t('workflow.cancel')}
                  </Button>
                </span>
              ) : null}
            </Space>
          </div>
        </Card>
      ) : null}

      <Modal
        open={transferring}
        title={t('workflow.transfer')}
        okText={t('workflow.ok')}
        cancelText={t('page.cancel')}
        destroyOnHidden
        onCancel={() => setTransferring(false)}
        onOk={() => {
          if (!transferTo) {
            void message.error({ content: t('workflow.chooseTransfer'), duration: 3 });
            return;
          }
          setTransferring(false);
          void act(() => workflowApi.transfer(operatorId, transferTo, opinion));
        }}
      >
        <div className="workflow-transfer">
          <span>{t('workflow.transferTo')}</span>
          <WidgetServicesContext.Provider value={platformWidgetServices}>
            <UserPicker value={transferTo} onChange={(value) => setTransferTo(String(value ?? ''))} fieldKey="transferTo" />
          </WidgetServicesContext.Provider>
        </div>
      </Modal>
    </div>
  );
}
