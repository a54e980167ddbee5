import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy, horizontalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getWidget } from '../../../../../../registry/registerWidget.js';
import { type DesignNode, jnpfKeyOf, roleOf } from '../model/designTree.js';
import { listId, useCanvas } from './CanvasContext.js';

/**
 * The canvas: the design as the user arranges it. Fields show their label and a stand-in for their control
 * (the real widgets need data services and show in the preview); containers show their children in a 24-column
 * grid as the runtime lays them out. Every node is a sortable item; every list of children is a drop zone.
 */
export function Canvas({ nodes }: { nodes: DesignNode[] }) {
  const { t } = useTranslation();
  return (
    <div className="fd-canvas-form">
      <NodeList parent={undefined} nodes={nodes} emptyText={t('formDesigner.canvas.empty')} />
    </div>
  );
}

function NodeList({ parent, nodes, emptyText, horizontal }: { parent: DesignNode | undefined; nodes: DesignNode[]; emptyText?: string; horizontal?: boolean }) {
  const { t } = useTranslation();
  const { indicator } = useCanvas();
  const id = listId(parent?.id ?? null);
  const { setNodeRef } = useDroppable({ id, data: { kind: 'list', parentId: parent?.id ?? null } });
  const inside = indicator?.position === 'inside' && indicator.targetId === (parent?.id ?? 'root');
  return (
    <SortableContext items={nodes.map((node) => node.id)} strategy={horizontal ? horizontalListSortingStrategy : verticalListSortingStrategy}>
      <div ref={setNodeRef} data-list={parent?.id ?? 'root'} className={`fd-list${horizontal ? ' fd-list-horizontal' : ' fd-grid'}${inside ? ' fd-drop-inside' : ''}${nodes.length === 0 ? ' fd-list-empty' : ''}`}>
        {nodes.map((node) => (
          <NodeView key={node.id} node={node} parent={parent} />
        ))}
        {nodes.length === 0 ? <div className="fd-empty">{emptyText ?? t('formDesigner.canvas.dropHere')}</div> : null}
      </div>
    </SortableContext>
  );
}

function nodeTitle(node: DesignNode, language: 'zh' | 'zhtw' | 'en'): string {
  const widget = getWidget(jnpfKeyOf(node));
  const config = node.field.__config__ ?? {};
  return String(node.field.title ?? config.label ?? node.field.header ?? widget?.label[language] ?? jnpfKeyOf(node) ?? '');
}

function NodeView({ node, parent }: { node: DesignNode; parent: DesignNode | undefined }) {
  const { t } = useTranslation();
  const canvas = useCanvas();
  const role = roleOf(node, parent);
  const { attributes, listeners, setNodeRef, isDragging } = useSortable({ id: node.id, data: { kind: 'node', parentId: parent?.id ?? null } });
  const config = node.field.__config__ ?? {};
  const selected = canvas.selectedId === node.id;
  const problems = canvas.problems.get(node.id) ?? [];
  const span = typeof config.span === 'number' && config.span > 0 ? Math.min(24, config.span) : 24;
  const inTable = parent !== undefined && jnpfKeyOf(parent) === 'table';
  const gridCell = role === 'field' || role === 'container' || role === 'subTable' || role === 'tabs' || role === 'grid';
  const before = canvas.indicator?.targetId === node.id && canvas.indicator.position === 'before';
  const after = canvas.indicator?.targetId === node.id && canvas.indicator.position === 'after';
  const key = jnpfKeyOf(node);
  const widget = getWidget(key);
  const title = nodeTitle(node, canvas.language);

  let body: React.ReactNode;
  if (role === 'field') {
    body = (
      <div className="fd-field">
        {config.showLabel === false ? null : (
          <span className="fd-label">
            {config.required ? <span className="fd-required">*</span> : null}
            {String(config.label ?? '')}
          </span>
        )}
        <span className="fd-control">{String(node.field.placeholder ?? widget?.label[canvas.language] ?? key ?? '')}</span>
      </div>
    );
  } else if (role === 'grid') {
    body = (
      <div className="fd-gridtable">
        {(node.children ?? []).map((row) => (
          <NodeView key={row.id} node={row} parent={node} />
        ))}
      </div>
    );
  } else if (role === 'gridRow') {
    body = (
      <div className="fd-gridrow">
        {(node.children ?? []).map((cell) => (
          <NodeView key={cell.id} node={cell} parent={node} />
        ))}
      </div>
    );
  } else if (role === 'tabs') {
    body = (
      <div className="fd-panes">
        {(node.children ?? []).map((pane) => (
          <NodeView key={pane.id} node={pane} parent={node} />
        ))}
      </div>
    );
  } else {
    body = <NodeList parent={node} nodes={node.children ?? []} horizontal={role === 'subTable'} emptyText={role === 'subTable' ? t('formDesigner.canvas.subTableEmpty') : undefined} />;
  }

  const addLabel = role === 'tabs' ? t('formDesigner.canvas.addPane') : role === 'grid' ? t('formDesigner.canvas.addRow') : role === 'gridRow' ? t('formDesigner.canvas.addCell') : undefined;
  const cellStyle: React.CSSProperties = gridCell && !inTable ? { gridColumn: `span ${span}` } : {};
  if (key === 'tableGridTd') cellStyle.flex = Number(config.colspan) || 1;

  return (
    <div
      ref={setNodeRef}
      data-node={node.id}
      data-jnpf-key={key ?? ''}
      data-vmodel={node.field.__vModel__ ?? ''}
      className={`fd-node fd-role-${role}${selected ? ' fd-selected' : ''}${isDragging ? ' fd-dragging' : ''}${before ? ' fd-drop-before' : ''}${after ? ' fd-drop-after' : ''}${problems.length ? ' fd-has-problem' : ''}`}
      style={cellStyle}
      onClick={(event) => {
        event.stopPropagation();
        canvas.select(node.id);
      }}
      {...attributes}
      {...listeners}
    >
      {role !== 'field' ? <div className="fd-node-title">{title}</div> : null}
      {body}
      {problems.map((problem) => (
        <div key={problem} className="fd-problem" role="alert">
          {problem}
        </div>
      ))}
      {selected ? (
        <div className="fd-node-actions" onPointerDown={(event) => event.stopPropagation()}>
          {addLabel ? (
            <Tooltip title={addLabel}>
              <Button size="small" type="primary" icon={<PlusOutlined />} aria-label={addLabel} onClick={(event) => { event.stopPropagation(); canvas.addPane(node.id); }} />
            </Tooltip>
          ) : null}
          <Tooltip title={t('formDesigner.action.copy')}>
            <Button size="small" type="primary" icon={<CopyOutlined />} aria-label={t('formDesigner.action.copy')} onClick={(event) => { event.stopPropagation(); canvas.copy(node.id); }} />
          </Tooltip>
          <Tooltip title={t('formDesigner.action.delete')}>
            <Button size="small" danger type="primary" icon={<DeleteOutlined />} aria-label={t('formDesigner.action.delete')} onClick={(event) => { event.stopPropagation(); canvas.remove(node.id); }} />
          </Tooltip>
        </div>
      ) : null}
    </div>
  );
}
