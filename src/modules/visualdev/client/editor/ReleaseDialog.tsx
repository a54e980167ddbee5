import { useMemo, useState } from 'react';
import { Alert, Form, message, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { session } from '../../../../kernel/client/stores/session.js';
import { designApi } from '../designApi.js';

/**
 * 发布: chooses the parent menu (a catalog or directory of the menu tree) under which the design's page goes, and
 * calls Release, which creates or updates the type-3 menu item and its button, column and form permissions.
 */
interface ParentNode {
  value: string;
  title: string;
  children?: ParentNode[];
}

/** Catalogs and directories only: a page cannot hold pages. */
export function parentChoices(menus: readonly MenuItem[]): ParentNode[] {
  return menus
    .filter((item) => item.type === 0 || item.type === 1)
    .map((item) => {
      const children = parentChoices(item.children ?? []);
      return { value: item.id, title: item.fullName, ...(children.length ? { children } : {}) };
    });
}

export function ReleaseDialog({ id, name, onClose, onReleased }: { id: string; name: string; onClose: () => void; onReleased: () => void }) {
  const { t } = useTranslation();
  const { menuList } = useSnapshot(session);
  const tree = useMemo(() => parentChoices(menuList as MenuItem[]), [menuList]);
  const [parent, setParent] = useState<string>();
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);

  const release = async () => {
    if (!parent) return setError(true);
    setBusy(true);
    try {
      const answer = await designApi.release(id, parent);
      void message.success({ content: answer.msg || t('visualdev.release.done'), duration: 2 });
      onReleased();
    } catch {
      // Shown by the request layer; the dialog stays.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={`${t('visualdev.release.title')} · ${name}`} onCancel={onClose} onOk={() => void release()} confirmLoading={busy} okText={t('page.ok')} cancelText={t('page.cancel')} destroyOnHidden maskClosable={false} data-testid="release-dialog">
      <Alert type="info" showIcon message={t('visualdev.release.hint')} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Form.Item label={t('visualdev.release.parent')} required validateStatus={error && !parent ? 'error' : undefined} help={error && !parent ? t('visualdev.release.parentRequired') : undefined}>
          <TreeSelect treeData={tree} value={parent} onChange={(value: string) => setParent(value)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder={t('visualdev.release.parentRequired')} data-testid="release-parent" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
