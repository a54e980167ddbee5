import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlType } from './api.js';

const COLORS: Record<ControlType, string> = { none: 'default', hazardous: 'orange', precursor: 'purple', toxic: 'red', explosive: 'volcano' };

/** A reagent's control (getReagentControl, or the catalogue's control_type) as a tag; nothing while unknown. */
export function ControlTag({ type }: { type?: ControlType }) {
  const { t } = useTranslation();
  if (!type) return null;
  return (
    <Tag color={COLORS[type]} data-control={type} bordered={type !== 'none'}>
      {t(`mall.control.${type}`)}
    </Tag>
  );
}
