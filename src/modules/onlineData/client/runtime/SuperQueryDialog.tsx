import { useMemo, useState } from 'react';
import { Button, DatePicker, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../../../shared/form/definition.js';
import { useIsMobile } from '../../../../kernel/client/components/useIsMobile.js';
import { queryFields, superQueryJsonOf, type QueryCondition, type QueryField, type SuperSymbol } from './superQuery.js';

/**
 * The advanced query dialog of an online-development list (JNPF's 超级查询): rows of field, condition and value,
 * all or any of them to match. "Query" hands the superQueryJson to the list; "Clear" removes the conditions.
 * The server checks every field and symbol again (superQuery.ts), so the dialog only offers what makes sense.
 */
export interface SuperQueryState {
  matchLogic: 'and' | 'or';
  conditions: QueryCondition[];
}

export function SuperQueryDialog({ formData, initial, onQuery, onClose }: { formData: FormDefinition; initial: SuperQueryState; onQuery: (json: string, state: SuperQueryState) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const fields = useMemo(() => queryFields(formData), [formData]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.field, f])), [fields]);
  const [matchLogic, setMatchLogic] = useState(initial.matchLogic);
  const [conditions, setConditions] = useState<QueryCondition[]>(initial.conditions.length ? initial.conditions : [{ field: '', symbol: '==', value: undefined }]);

  const change = (index: number, patch: Partial<QueryCondition>) => setConditions((list) => list.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const symbolLabel = (symbol: SuperSymbol) => t(`onlineData.superQuery.symbol.${symbol}`);

  return (
    <Modal
      open
      title={t('onlineData.superQuery.title')}
      width={mobile ? '100%' : 760}
      onCancel={onClose}
      footer={[
        <Button key="clear" onClick={() => onQuery('', { matchLogic, conditions: [] })} data-testid="super-query-clear">{t('onlineData.superQuery.clear')}</Button>,
        <Button key="cancel" onClick={onClose}>{t('page.cancel')}</Button>,
        <Button key="query" type="primary" onClick={() => onQuery(superQueryJsonOf(matchLogic, conditions), { matchLogic, conditions })} data-testid="super-query-run">{t('page.query')}</Button>,
      ]}
    >
      <div className="lc-super-query" data-testid="super-query-dialog">
        <div className="lc-super-query-logic">
          <span>{t('onlineData.superQuery.match')}</span>
          <Radio.Group value={matchLogic} onChange={(e) => setMatchLogic(e.target.value)} optionType="button" size="small">
            <Radio.Button value="and" data-testid="super-query-all">{t('onlineData.superQuery.all')}</Radio.Button>
            <Radio.Button value="or" data-testid="super-query-any">{t('onlineData.superQuery.any')}</Radio.Button>
          </Radio.Group>
        </div>
        {conditions.map((condition, index) => {
          const field = byName.get(condition.field);
          return (
            <div className="lc-super-query-row" key={index} data-testid={`super-query-row-${index}`}>
              <span data-testid={`super-query-field-${index}`} className="lc-super-query-field">
                <Select
                  showSearch
                  optionFilterProp="label"
                  placeholder={t('onlineData.superQuery.field')}
                  value={condition.field || undefined}
                  options={fields.map((f) => ({ value: f.field, label: f.label }))}
                  onChange={(value: string) => change(index, { field: value, symbol: byName.get(value)?.symbols[0] ?? '==', value: undefined })}
                  style={{ width: '100%' }}
                />
              </span>
              <span data-testid={`super-query-symbol-${index}`} className="lc-super-query-symbol">
                <Select
                  value={condition.symbol}
                  options={(field?.symbols ?? ['==']).map((s) => ({ value: s, label: symbolLabel(s) }))}
                  onChange={(value: SuperSymbol) => change(index, { symbol: value, value: undefined })}
                  style={{ width: '100%' }}
                />
              </span>
              <span data-testid={`super-query-value-${index}`} className="lc-super-query-value">
                <ConditionValue field={field} symbol={condition.symbol} value={condition.value} onChange={(value) => change(index, { value })} />
              </span>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('onlineData.superQuery.remove')} onClick={() => setConditions((list) => list.filter((_, i) => i !== index))} />
            </div>
          );
        })}
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => setConditions((list) => [...list, { field: '', symbol: '==', value: undefined }])} data-testid="super-query-add">
          {t('onlineData.superQuery.add')}
        </Button>
      </div>
    </Modal>
  );
}

/** The value input a field and condition need: none, one, two (between) or several (in). */
function ConditionValue({ field, symbol, value, onChange }: { field?: QueryField; symbol: SuperSymbol; value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  if (symbol === 'null' || symbol === 'notNull') return <span className="lc-super-query-none" />;
  const kind = field?.kind ?? 'text';
  const placeholder = t('onlineData.superQuery.value');
  if (kind === 'option' || symbol === 'in' || symbol === 'notIn') {
    const many = symbol === 'in' || symbol === 'notIn';
    return (
      <Select
        mode={many ? (kind === 'option' ? 'multiple' : 'tags') : undefined}
        placeholder={placeholder}
        value={(value as string | string[] | undefined) ?? (many ? [] : undefined)}
        options={field?.options ?? []}
        onChange={onChange}
        style={{ width: '100%' }}
      />
    );
  }
  const one = (current: unknown, set: (v: unknown) => void) =>
    kind === 'number' ? (
      <InputNumber placeholder={placeholder} value={current as number | undefined} onChange={(v) => set(v ?? undefined)} style={{ width: '100%' }} />
    ) : kind === 'date' ? (
      <DatePicker placeholder={placeholder} value={typeof current === 'number' ? dayjs(current) : undefined} onChange={(d) => set(d ? d.startOf('day').valueOf() : undefined)} style={{ width: '100%' }} />
    ) : (
      <Input placeholder={placeholder} value={(current as string | undefined) ?? ''} onChange={(e) => set(e.target.value)} />
    );
  if (symbol === 'between') {
    const pair = Array.isArray(value) ? value : [undefined, undefined];
    return (
      <span className="lc-super-query-between">
        {one(pair[0], (v) => onChange([v, pair[1]]))}
        <span>~</span>
        {one(pair[1], (v) => onChange([pair[0], v]))}
      </span>
    );
  }
  return one(value, onChange);
}
