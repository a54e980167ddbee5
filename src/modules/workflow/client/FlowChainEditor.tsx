import { useEffect, useState } from 'react';
import { Alert, Button, Input, message, Modal, Select, Spin, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPROVER_TYPES, FLOW_LIMITS, type ApproverType, type FlowStep } from '../../../shared/workflow/flowStatus.js';
import { WidgetServicesContext } from '../../../../registry/components/services.js';
import { UserPicker } from '../../../../registry/components/pickers/UserPicker.js';
import { PositionPicker, RolePicker } from '../../../../registry/components/pickers/organizePickers.js';
import { platformWidgetServices } from '../../../kernel/client/api/widgetServices.js';
import { workflowApi } from './workflowApi.js';
import './words.js';
import './workflow.css';

/**
 * 流程配置 on a 功能设计 row: the design's linear approval chain. Each step has a name and its approvers (named
 * users, a role's or a position's holders, or the launcher's department head, picked with the platform's own
 * pickers); the chain has a default urgency and is switched on or off. The server checks it all again on save.
 */
const toIds = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : []);

function ApproverField({ step, onChange, index }: { step: FlowStep; onChange: (ids: string[]) => void; index: number }) {
  const { t } = useTranslation();
  const props = { value: step.approverIds, onChange: (value: unknown) => onChange(toIds(value)), multiple: true, fieldKey: `approvers-${index}` };
  if (step.approverType === 'deptHead') return <span className="workflow-chain-hint">{t('workflow.chain.deptHeadHint')}</span>;
  if (step.approverType === 'role') return <RolePicker {...props} />;
  if (step.approverType === 'position') return <PositionPicker {...props} />;
  return <UserPicker {...props} />;
}

export function FlowChainEditor({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  const [enabled, setEnabled] = useState(true);
  const [urgency, setUrgency] = useState(1);
  const [steps, setSteps] = useState<FlowStep[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    workflowApi.chain(id).then(
      (chain) => {
        setEnabled(chain.steps.length === 0 || chain.enabledMark === 1);
        setUrgency(chain.flowUrgent);
        setSteps(chain.steps.length ? chain.steps : [{ nodeName: t('workflow.chain.defaultNode', { index: 1 }), approverType: 'deptHead', approverIds: [] }]);
        setLoaded(true);
      },
      () => onClose(),
    );
  }, [id, onClose, t]);

  const change = (index: number, patch: Partial<FlowStep>) => setSteps((current) => current.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  const save = async () => {
    setSaving(true);
    try {
      const answer = await workflowApi.saveChain(id, { enabledMark: enabled ? 1 : 0, flowUrgent: urgency, steps });
      void message.success({ content: answer.msg, duration: 1.5 });
      onClose();
    } catch {
      // Shown by the request layer; the editor keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open width={720} title={t('workflow.chain.title', { name })} onCancel={onClose} okText={t('workflow.chain.save')} cancelText={t('page.cancel')} onOk={() => void save()} confirmLoading={saving} maskClosable={false} destroyOnHidden>
      {!loaded ? (
        <Spin style={{ display: 'block', margin: '40px auto' }} />
      ) : (
        <WidgetServicesContext.Provider value={platformWidgetServices}>
          <div data-testid="flow-chain-editor">
            <Alert type="info" showIcon message={t('workflow.chain.hint')} style={{ marginBottom: 12 }} />
            <div className="workflow-chain-row">
              <span className="workflow-chain-label">{t('workflow.chain.enabled')}</span>
              <span data-testid="flow-chain-enabled">
                <Switch checked={enabled} onChange={setEnabled} />
              </span>
              <span className="workflow-chain-label">{t('workflow.chain.urgency')}</span>
              <Select style={{ width: 120 }} value={urgency} onChange={setUrgency} options={[1, 2, 3].map((u) => ({ value: u, label: t(`workflow.urgency.${u}`) }))} />
            </div>
            {steps.map((step, index) => (
              <div className="workflow-chain-step" key={index} data-testid="flow-chain-step">
                <div className="workflow-chain-row">
                  <span className="workflow-chain-label">{t('workflow.chain.nodeName')}</span>
                  <Input className="workflow-chain-input" value={step.nodeName} maxLength={FLOW_LIMITS.nodeNameLength} onChange={(e) => change(index, { nodeName: e.target.value })} />
                  <Button icon={<DeleteOutlined />} aria-label={t('workflow.chain.removeStep')} disabled={steps.length === 1} onClick={() => setSteps((current) => current.filter((_, i) => i !== index))} />
                </div>
                <div className="workflow-chain-row">
                  <span className="workflow-chain-label">{t('workflow.chain.approverType')}</span>
                  <span data-testid={`flow-chain-type-${index}`} className="workflow-chain-input">
                    <Select
                      style={{ width: '100%' }}
                      value={step.approverType}
                      onChange={(type: ApproverType) => change(index, { approverType: type, approverIds: [] })}
                      options={APPROVER_TYPES.map((type) => ({ value: type, label: t(`workflow.chain.types.${type}`) }))}
                    />
                  </span>
                </div>
                <div className="workflow-chain-row">
                  <span className="workflow-chain-label">{t('workflow.chain.approvers')}</span>
                  <span className="workflow-chain-input" data-testid={`flow-chain-approvers-${index}`}>
                    <ApproverField key={step.approverType} step={step} index={index} onChange={(ids) => change(index, { approverIds: ids })} />
                  </span>
                </div>
              </div>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={steps.length >= FLOW_LIMITS.steps}
              onClick={() => setSteps((current) => [...current, { nodeName: t('workflow.chain.defaultNode', { index: current.length + 1 }), approverType: 'user', approverIds: [] }])}
            >
              {t('workflow.chain.addStep')}
            </Button>
          </div>
        </WidgetServicesContext.Provider>
      )}
    </Modal>
  );
}
