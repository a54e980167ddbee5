import { useMemo, useState } from 'react';
import { Card, Col, Empty, Row as GridRow, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderCell } from '../cells.js';
import type { PageNodeProps } from '../pageNodes.js';
import { textOf, type ActionSpec, type PageNodeSpec, type ScreenButton, type ScreenCall } from '../screen.js';
import { useActionRunner } from '../useActionRunner.js';
import { ActionButton } from '../list/ActionButton.js';
import { buttonsForRow } from '../list/rows.js';
import type { ShownField } from './fields.js';
import { initialInputs, NodeInputs, type InputValues, type NodeInput } from './inputs.js';
import { listOf } from './useCallData.js';
import { useSource } from './useSource.js';

/**
 * {type: 'cards', api | source, titleProp, titleItems?, items?, inputs?, actions?, open?, rowKey?, testId?}: one card
 * per record of a list call or of the holder's context ('{results.list}'), with its fields, cells beside the title
 * (a control tag), and at the foot inputs (a quantity) and buttons whose actions get the record as {id}, {row} and
 * the inputs as {input.<name>}. `open` runs when the card itself is clicked (its details).
 */
export interface CardsNodeSpec extends PageNodeSpec {
  api?: ScreenCall;
  source?: string;
  titleProp: string;
  titleItems?: ShownField[];
  items?: ShownField[];
  inputs?: NodeInput[];
  actions?: ScreenButton[];
  open?: ActionSpec;
  rowKey?: string;
  testId?: string;
}

type Record = { [field: string]: unknown };

export function CardsNode({ node, scope }: PageNodeProps<CardsNodeSpec>) {
  const { t, i18n } = useTranslation();
  const { data, loading, load } = useSource<unknown>(node.api, node.source, scope.context);
  const records = useMemo(() => listOf<Record>(data), [data]);
  const actions = useActionRunner({ modelId: scope.modelId, reload: async () => { await Promise.all([load(), scope.reload?.()]); }, close: scope.close });
  const [inputs, setInputs] = useState<{ [key: string]: InputValues }>({});
  const rowKey = node.rowKey ?? 'id';
  const language = i18n.language;

  if (loading) return <div className="lc-page-loading-inline"><Spin /></div>;
  if (!records.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <GridRow gutter={[16, 16]} data-testid={node.testId ?? 'cards-node'}>
      {records.map((record) => {
        const key = String(record[rowKey]);
        const values = inputs[key] ?? initialInputs(node.inputs);
        const context = { ...scope.context, id: record[rowKey], row: record, input: values };
        const cell = (item: ShownField) => renderCell(item.cell, record[item.prop], { row: record, t, language });
        return (
          <Col key={key} xs={24} sm={12} lg={8} xl={6}>
            <Card
              size="small"
              hoverable={Boolean(node.open)}
              onClick={node.open ? () => void actions.run(node.open!, context).catch(() => undefined) : undefined}
              title={
                <Space size={4} wrap>
                  <span>{String(record[node.titleProp] ?? '')}</span>
                  {node.titleItems?.map((item) => <span key={item.prop}>{cell(item)}</span>)}
                </Space>
              }
              data-card={key}
              actions={
                node.actions?.length || node.inputs?.length
                  ? [
                      <Space key="foot" size={4} wrap style={{ justifyContent: 'center' }} onClick={(event) => event.stopPropagation()}>
                        <NodeInputs inputs={node.inputs} values={values} onChange={(name, value) => setInputs((current) => ({ ...current, [key]: { ...values, [name]: value } }))} />
                        {buttonsForRow(node.actions ?? [], record).map((button) => (
                          <ActionButton key={button.value} button={button} language={language} type="link" size="small" onClick={() => button.action && void actions.run(button.action, context).catch(() => undefined)} />
                        ))}
                      </Space>,
                    ]
                  : undefined
              }
            >
              {node.items?.map((item) => (
                <div key={item.prop} className="lc-card-field">
                  <span className="lc-card-label">{textOf(item.label, language)}：</span>
                  {cell(item)}
                </div>
              ))}
            </Card>
          </Col>
        );
      })}
      {actions.overlays}
    </GridRow>
  );
}
