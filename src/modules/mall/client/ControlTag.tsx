import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { controlTypeOf, type ControlType } from './api.js';
import { controlOf, lookUpControl } from './controlLookup.js';

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

/** The row's own control type, else the one getReagentControl answers for its CAS number. */
export function ReagentControl({ value, cas }: { value: unknown; cas?: string }) {
  const own = controlTypeOf(value);
  const [asked, setAsked] = useState<ControlType | undefined>(() => (cas ? (controlOf(cas) ?? undefined) : undefined));
  useEffect(() => {
    if (own || !cas) return undefined;
    let live = true;
    void lookUpControl(cas).then((type) => live && setAsked(type));
    return () => {
      live = false;
    };
  }, [own, cas]);
  return <ControlTag type={own ?? asked} />;
}
