import type { ReactElement } from 'react';
import { Modal } from 'antd';

/**
 * The workspace page a picker's 添加 opens (数据字典, 单据规则; spec 001 §2), in an 80% dialog. The page shows its
 * own title, so the dialog names it for screen readers only; closing it tells the picker to load its choices again.
 */
export function ManagementDialog({ page, label, onClose }: { page: ReactElement; label: string; onClose(): void }) {
  return (
    <Modal open width="80%" aria-label={label} footer={null} destroyOnHidden onCancel={onClose}>
      {page}
    </Modal>
  );
}
