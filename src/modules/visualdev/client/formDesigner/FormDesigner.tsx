import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useSensor, useSensors, type CollisionDetection, type DragEndEvent, type DragMoveEvent, type DragStartEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Button, Modal, Space, Tooltip } from 'antd';
import { ClearOutlined, EyeOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../../kernel/client/components/useIsMobile.js';
import '../../../../../registry/index.js';
import { getWidget } from '../../../../../registry/registerWidget.js';
import { Canvas } from './canvas/Canvas.js';
import { CanvasContext, parentOfList, type CanvasActions, type DropIndicator } from './canvas/CanvasContext.js';
import { registerWords } from '../../../../kernel/client/i18n/registerWords.js';
import { formDesignerWords } from '../../locale/formDesignerWords.js';
import { findNode, holdsFields, toDefinition, type DesignNode, type DesignTree } from './model/designTree.js';
import { newField, nextFormId } from './model/newField.js';
import { nodeIdsByPath } from './model/nodePaths.js';
import { addPane, canPlace, copyNode, insertNode, moveNode, removeNode } from './model/operations.js';
import { Palette } from './Palette.js';
import { useDesignHistory } from './useDesignHistory.js';
import type { FormDesignerProps } from './props.js';
import { validateDesign } from './validateDesign.js';
import { PropertyPanel } from './panel/PropertyPanel.js';
import { newPane } from './model/panes.js';
import './formDesigner.css';

registerWords(formDesignerWords);

const PreviewDialog = lazy(async () => ({ default: (await import('./PreviewDialog.js')).PreviewDialog }));

type Language = 'zh' | 'zhtw' | 'en';
const languageOf = (tag: string): Language => (tag === 'zhtw' || tag === 'en' ? tag : 'zh');

/** The drop target under the pointer is the innermost one: the smallest droppable that holds the pointer. */
const innermostFirst: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length === 0) return rectIntersection(args);
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
  };
  return [...hits].sort((a, b) => area(a.id) - area(b.id));
};

export interface DropPlace {
  parentId: string | null;
  index: number;
  indicator: DropIndicator;
}

/**
 * Where a dragged node lands: on a list, at its end; on a node, before or after it by which half of it the
 * dragged item's centre is in (columns of a sub-table by left and right); on a node that cannot take it beside it
 * but holds fields (a tab pane's title), inside it.
 */
export function dropPlace(tree: DesignTree, dragged: DesignNode, overId: string, overRect: { top: number; left: number; width: number; height: number }, center: { x: number; y: number } | undefined): DropPlace | undefined {
  const listParent = parentOfList(overId);
  if (listParent !== undefined) {
    const children = listParent === null ? tree.nodes : (findNode(tree.nodes, listParent)?.node.children ?? []);
    if (!canPlace(tree, dragged, listParent)) return undefined;
    return { parentId: listParent, index: children.filter((child) => child.id !== dragged.id).length, indicator: { targetId: listParent ?? 'root', position: 'inside' } };
  }
  const over = findNode(tree.nodes, overId);
  if (!over || over.node.id === dragged.id) return undefined;
  const parentId = over.parent?.id ?? null;
  if (!canPlace(tree, dragged, parentId)) {
    if (holdsFields(over.node, over.parent) && canPlace(tree, dragged, over.node.id)) {
      return { parentId: over.node.id, index: (over.node.children ?? []).filter((child) => child.id !== dragged.id).length, indicator: { targetId: over.node.id, position: 'inside' } };
    }
    return undefined;
  }
  const horizontal = over.parent !== undefined && over.parent.field.__config__?.jnpfKey === 'table';
  const after = center ? (horizontal ? center.x > overRect.left + overRect.width / 2 : center.y > overRect.top + overRect.height / 2) : true;
  let index = over.index + (after ? 1 : 0);
  const from = findNode(tree.nodes, dragged.id);
  if (from && (from.parent?.id ?? null) === parentId && from.index < index) index -= 1;
  return { parentId, index, indicator: { targetId: over.node.id, position: after ? 'after' : 'before' } };
}

export function FormDesigner({ value, onChange, height }: FormDesignerProps) {
  const { t, i18n: active } = useTranslation();
  const language = languageOf(active.language);
  const narrow = useIsMobile();
  const { tree, canUndo, canRedo, apply, undo, redo } = useDesignHistory(value, onChange);
  const [selectedId, setSelectedId] = useState<string>();
  const [indicator, setIndicator] = useState<DropIndicator>();
  const [dragLabel, setDragLabel] = useState<string>();
  const [previewOpen, setPreviewOpen] = useState(false);
  const dragged = useRef<DesignNode | undefined>(undefined);
  const root = useRef<HTMLDivElement>(null);

  const definition = useMemo(() => toDefinition(tree), [tree]);
  const problems = useMemo(() => validateDesign(definition, language), [definition, language]);
  const problemsByNode = useMemo(() => {
    const ids = nodeIdsByPath(tree.nodes);
    const byNode = new Map<string, string[]>();
    for (const problem of problems) {
      const id = ids.get(problem.path);
      if (id) byNode.set(id, [...(byNode.get(id) ?? []), problem.message]);
    }
    return byNode;
  }, [problems, tree.nodes]);

  const create = useCallback((jnpfKey: string, current: DesignTree) => {
    const widget = getWidget(jnpfKey);
    return widget ? newField(jnpfKey, widget, nextFormId(current), language) : undefined;
  }, [language]);

  /** Click-to-add: into the selected container (or after the selected field), else at the end of the form. */
  const addByClick = useCallback(
    (jnpfKey: string) => {
      apply((current) => {
        const node = create(jnpfKey, current);
        if (!node) return current;
        const selected = selectedId ? findNode(current.nodes, selectedId) : undefined;
        let next = current;
        if (selected && holdsFields(selected.node, selected.parent)) next = insertNode(current, node, selected.node.id, selected.node.children?.length ?? 0);
        if (next === current && selected) next = insertNode(current, node, selected.parent?.id ?? null, selected.index + 1);
        if (next === current) next = insertNode(current, node, null, current.nodes.length);
        if (next !== current) setSelectedId(node.id);
        return next;
      });
    },
    [apply, create, selectedId],
  );

  const actions: CanvasActions = useMemo(
    () => ({
      selectedId,
      indicator,
      problems: problemsByNode,
      language,
      select: setSelectedId,
      copy: (id) => apply((current) => {
        const { tree: next, copyId } = copyNode(current, id);
        if (copyId) setSelectedId(copyId);
        return next;
      }),
      remove: (id) => {
        apply((current) => removeNode(current, id));
        setSelectedId(undefined);
      },
      addPane: (id) => apply((current) => addPane(current, id, newPane)),
    }),
    [apply, indicator, language, problemsByNode, selectedId],
  );

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current as { kind: string; jnpfKey?: string } | undefined;
    if (data?.kind === 'palette' && data.jnpfKey) {
      dragged.current = create(data.jnpfKey, tree);
      setDragLabel(getWidget(data.jnpfKey)?.label[language]);
    } else {
      dragged.current = findNode(tree.nodes, String(event.active.id))?.node;
      setDragLabel(dragged.current ? String(dragged.current.field.__config__?.label ?? dragged.current.field.title ?? '') : undefined);
    }
  };
  const placeOf = (event: DragMoveEvent | DragEndEvent) => {
    if (!dragged.current || !event.over) return undefined;
    const rect = event.active.rect.current.translated;
    const center = rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : undefined;
    return dropPlace(tree, dragged.current, String(event.over.id), event.over.rect, center);
  };
  const onDragMove = (event: DragMoveEvent) => {
    const next = placeOf(event)?.indicator;
    setIndicator((previous) => (previous?.targetId === next?.targetId && previous?.position === next?.position ? previous : next));
  };
  const onDragEnd = (event: DragEndEvent) => {
    const place = placeOf(event);
    const node = dragged.current;
    dragged.current = undefined;
    setIndicator(undefined);
    setDragLabel(undefined);
    if (!place || !node) return;
    const isNew = (event.active.data.current as { kind?: string } | undefined)?.kind === 'palette';
    if (isNew) {
      apply((current) => insertNode(current, node, place.parentId, place.index));
      setSelectedId(node.id);
    } else {
      apply((current) => moveNode(current, node.id, place.parentId, place.index));
    }
  };
  const onDragCancel = () => {
    dragged.current = undefined;
    setIndicator(undefined);
    setDragLabel(undefined);
  };

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) outside text boxes: a text box keeps its own undo of what is typed in it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (!root.current || (target && target !== document.body && !root.current.contains(target))) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  if (narrow) {
    return (
      <div className="fd-narrow" style={{ height: height ?? '100%' }} role="note">
        {t('formDesigner.narrow')}
      </div>
    );
  }

  return (
    <div ref={root} className="fd-root" style={{ height: height ?? '100%' }} data-testid="form-designer">
      <div className="fd-toolbar">
        <Space size={4}>
          <Tooltip title={`${t('formDesigner.action.undo')} (Ctrl+Z)`}>
            <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={undo} aria-label={t('formDesigner.action.undo')} />
          </Tooltip>
          <Tooltip title={`${t('formDesigner.action.redo')} (Ctrl+Shift+Z)`}>
            <Button icon={<RedoOutlined />} disabled={!canRedo} onClick={redo} aria-label={t('formDesigner.action.redo')} />
          </Tooltip>
          <Button
            icon={<ClearOutlined />}
            disabled={tree.nodes.length === 0}
            onClick={() => Modal.confirm({ title: t('formDesigner.action.clearConfirm'), onOk: () => { apply((current) => ({ ...current, nodes: [] })); setSelectedId(undefined); } })}
          >
            {t('formDesigner.action.clear')}
          </Button>
        </Space>
        <Space size={8}>
          {problems.length > 0 ? <span className="fd-problem-count" role="status">{t('formDesigner.preview.problems', { count: problems.length })}</span> : null}
          <Button type="primary" icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)}>
            {t('formDesigner.action.preview')}
          </Button>
        </Space>
      </div>
      <DndContext sensors={sensors} collisionDetection={innermostFirst} onDragStart={onDragStart} onDragMove={onDragMove} onDragEnd={onDragEnd} onDragCancel={onDragCancel}>
        <div className="fd-body">
          <aside className="fd-side fd-side-left">
            <Palette language={language} onAdd={addByClick} />
          </aside>
          <main className="fd-canvas" onClick={() => setSelectedId(undefined)}>
            <CanvasContext.Provider value={actions}>
              <Canvas nodes={tree.nodes} />
            </CanvasContext.Provider>
          </main>
          <aside className="fd-side fd-side-right">
            <PropertyPanel tree={tree} selectedId={selectedId} problems={problems} apply={apply} />
          </aside>
        </div>
        <DragOverlay dropAnimation={null}>{dragLabel !== undefined ? <div className="fd-drag-overlay">{dragLabel}</div> : null}</DragOverlay>
      </DndContext>
      {previewOpen ? (
        <Suspense fallback={null}>
          <PreviewDialog definition={definition} problems={problems} onClose={() => setPreviewOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
