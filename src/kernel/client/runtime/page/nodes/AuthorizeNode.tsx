import { useCallback, useEffect, useMemo, useRef, useState, type Key } from 'react';
import { Button, Empty, message, Space, Spin, Tabs, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request.js';
import type { PageNodeProps } from '../pageNodes.js';
import type { PageNodeSpec } from '../screen.js';
import { fillValue } from '../template.js';
import { allIds, AUTHORIZE_KINDS, checkedLeaves, dependsOnMenus, saveBody, withAncestors, type AuthorizeKind, type AuthorizeObjectType, type AuthorizeTreeNode, type AuthorizeValues } from './authorizeModel.js';

/**
 * {type: 'authorize', objectType, objectId?}: JNPF's authorize dialog as a page node. One tab per kind (app,
 * menu, button, list column, form field, data scheme), each a tree with checkboxes of what the role, position,
 * user or group (objectType) may use; buttons, columns, forms and schemes are listed under the menus ticked on
 * the menu tab. Save sends every kind at once (PUT /permission/Authority/Data/{objectId}) and closes the dialog.
 */
export interface AuthorizeNodeSpec extends PageNodeSpec {
  objectType: AuthorizeObjectType;
  /** Template of the object's id; the row's {id} when absent. */
  objectId?: string;
}

type Loaded = { values: AuthorizeValues; menus: string };
const KIND_LABEL: Record<AuthorizeKind, string> = { system: 'authorize.system', module: 'authorize.module', button: 'authorize.button', column: 'authorize.column', form: 'authorize.form', resource: 'authorize.resource' };

const toTreeData = (nodes: readonly AuthorizeTreeNode[]): TreeDataNode[] =>
  nodes.map((node) => ({ key: node.id, title: <span data-node={node.id}>{node.fullName}</span>, children: node.children?.length ? toTreeData(node.children) : undefined }));

export function AuthorizeNode({ node, scope }: PageNodeProps<AuthorizeNodeSpec>) {
  const { t } = useTranslation();
  const objectId = String(fillValue(node.objectId ?? '{id}', scope.context) ?? '');
  const [active, setActive] = useState<AuthorizeKind>('module');
  const [loaded, setLoaded] = useState<Partial<Record<AuthorizeKind, Loaded>>>({});
  const [chosen, setChosen] = useState<Partial<Record<AuthorizeKind, string[]>>>({});
  const [expanded, setExpanded] = useState<Partial<Record<AuthorizeKind, Key[]>>>({});
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  // The latest state for the async loaders, which outlive the render that started them.
  const latest = useRef({ loaded, chosen });
  latest.current = { loaded, chosen };

  const fetchValues = useCallback(
    async (kind: AuthorizeKind, menus: string) =>
      (
        await request<AuthorizeValues>({
          url: `/permission/Authority/Data/${encodeURIComponent(objectId)}/Values`,
          method: 'POST',
          data: { type: kind, objectType: node.objectType, ...(dependsOnMenus(kind) ? { moduleIds: menus } : {}) },
        })
      ).data,
    [objectId, node.objectType],
  );

  /** A kind's tree, loaded (again when the menus it hangs under changed). Answers the tree and the choice in it. */
  const ensure = useCallback(
    async (kind: AuthorizeKind): Promise<{ tree: AuthorizeTreeNode[]; picked: string[] }> => {
      let menus = '';
      if (dependsOnMenus(kind)) {
        const modules = await ensure('module');
        menus = withAncestors(modules.tree, new Set(modules.picked)).join(',');
      }
      const have = latest.current.loaded[kind];
      if (have && have.menus === menus) return { tree: have.values.list, picked: latest.current.chosen[kind] ?? checkedLeaves(have.values, undefined) };
      const answered = await fetchValues(kind, menus);
      const values: AuthorizeValues = { list: Array.isArray(answered?.list) ? answered.list : [], ids: Array.isArray(answered?.ids) ? answered.ids : [], all: Array.isArray(answered?.all) ? answered.all : [] };
      const picked = checkedLeaves(values, latest.current.chosen[kind]);
      latest.current = { loaded: { ...latest.current.loaded, [kind]: { values, menus } }, chosen: { ...latest.current.chosen, [kind]: picked } };
      setLoaded((current) => ({ ...current, [kind]: { values, menus } }));
      setChosen((current) => ({ ...current, [kind]: picked }));
      setExpanded((current) => (current[kind] ? current : { ...current, [kind]: allIds(values.list) }));
      return { tree: values.list, picked };
    },
    [fetchValues],
  );

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    ensure(active)
      .catch(() => undefined)
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [active, ensure]);

  const save = async () => {
    setSaving(true);
    try {
      const trees = {} as Record<AuthorizeKind, AuthorizeTreeNode[]>;
      const picks = {} as Record<AuthorizeKind, string[]>;
      for (const kind of AUTHORIZE_KINDS) {
        const { tree, picked } = await ensure(kind);
        trees[kind] = tree;
        picks[kind] = picked;
      }
      const answer = await request({ url: `/permission/Authority/Data/${encodeURIComponent(objectId)}`, method: 'PUT', data: saveBody(node.objectType, trees, picks) });
      void message.success({ content: answer.msg || t('page.ok'), duration: 1.5 });
      await scope.reload?.();
      scope.close?.();
    } catch {
      // The request layer has shown why; nothing closes.
    } finally {
      setSaving(false);
    }
  };

  const current = loaded[active];
  const treeData = useMemo(() => toTreeData(current?.values.list ?? []), [current]);
  const every = useMemo(() => allIds(current?.values.list ?? []), [current]);
  const setPicked = (ids: string[]) => setChosen((all) => ({ ...all, [active]: ids }));

  const body =
    loading && !current ? (
      <div className="lc-page-loading-inline"><Spin /></div>
    ) : treeData.length ? (
      <div className="lc-authorize-tree" style={{ maxHeight: '55vh', overflow: "auto", marginTop: 8 }} data-testid={`authorize-tree-${active}`}>
        <Tree
          checkable
          blockNode
          selectable={false}
          treeData={treeData}
          expandedKeys={expanded[active] ?? []}
          onExpand={(keys) => setExpanded((all) => ({ ...all, [active]: keys }))}
          checkedKeys={chosen[active] ?? []}
          onCheck={(checked) => setPicked((Array.isArray(checked) ? checked : checked.checked).map(String))}
        />
      </div>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={dependsOnMenus(active) ? t('authorize.chooseMenusFirst') : undefined} />
    );

  return (
    <div className="lc-authorize" data-testid="authorize-node" data-object={objectId}>
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key as AuthorizeKind)}
        items={AUTHORIZE_KINDS.map((kind) => ({ key: kind, label: <span data-kind={kind}>{t(KIND_LABEL[kind])}</span> }))}
      />
      <Space className="lc-authorize-tools" wrap>
        <Button size="small" onClick={() => setPicked(every)} disabled={!every.length} data-testid="authorize-all">{t('authorize.checkAll')}</Button>
        <Button size="small" onClick={() => setPicked([])} disabled={!every.length} data-testid="authorize-none">{t('authorize.checkNone')}</Button>
        <Button size="small" onClick={() => setExpanded((all) => ({ ...all, [active]: every }))}>{t('page.expandAll')}</Button>
        <Button size="small" onClick={() => setExpanded((all) => ({ ...all, [active]: [] }))}>{t('page.collapseAll')}</Button>
      </Space>
      {body}
      <Space className="lc-form-node-buttons">
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="authorize-save">{t('page.save')}</Button>
        {scope.close && <Button onClick={scope.close}>{t('page.cancel')}</Button>}
      </Space>
    </div>
  );
}
