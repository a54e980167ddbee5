import { useMemo } from 'react';
import { Card, Col, Empty, Row as GridRow, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderCell } from '../cells.js';
import type { PageNodeProps } from '../pageNodes.js';
import { textOf, type PageNodeSpec, type ScreenButton, type ScreenCall } from '../screen.js';
import { useActionRunner } from '../useActionRunner.js';
import { ActionButton } from '../list/ActionButton.js';
import type { ShownField } from './fields.js';
import { listOf, useCallData } from './useCallData.js';

/**
 * {type: 'cards', api, titleProp, items, actions?, rowKey?}: the list `api` answers, one card per record, with its
 * fields and, at the foot, buttons whose actions get the record as {id} and {row}.
 */
export interface CardsNodeSpec extends PageNodeSpec {
  api: ScreenCall;
  titleProp: string;
  items?: ShownField[];
  actions?: ScreenButton[];
  rowKey?: string;
}

type Record = { [field: string]: unknown };

export function CardsNode({ node, scope }: PageNodeProps<CardsNodeSpec>) {
  const { t, i18n } = useTranslation();
  const { data, loading, load } = useCallData<unknown>(node.api, scope.context);
  const records = useMemo(() => listOf<Record>(data), [data]);
  const actions = useActionRunner({ modelId: scope.modelId, reload: load });
  const rowKey = node.rowKey ?? 'id';
  const language = i18n.language;

  if (loading) return <div className="lc-page-loading-inline"><Spin /></div>;
  if (!records.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <GridRow gutter={[16, 16]} data-testid="cards-node">
      {records.map((record) => (
        <Col key={String(record[rowKey])} xs={24} sm={12} lg={8} xl={6}>
          <Card
            size="small"
            title={String(record[node.titleProp] ?? '')}
            data-card={String(record[rowKey])}
            actions={node.actions?.map((button) => (
              <ActionButton key={button.value} button={button} language={language} type="link" size="small" onClick={() => button.action && void actions.run(button.action, { ...scope.context, id: record[rowKey], row: record })} />
            ))}
          >
            {node.items?.map((item) => (
              <div key={item.prop} className="lc-card-field">
                <span className="lc-card-label">{textOf(item.label, language)}：</span>
                {renderCell(item.cell, record[item.prop], { row: record, t, language })}
              </div>
            ))}
          </Card>
        </Col>
      ))}
      {actions.overlays}
    </GridRow>
  );
}
