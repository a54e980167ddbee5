import { useMemo, useState, useSyncExternalStore } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { getWidget, onRegistryChange, registeredKeys } from '../../../../../registry/registerWidget.js';
import { PALETTE_GROUPS, paletteEntries, type PaletteEntry } from './model/palette.js';

/**
 * Every registered widget, grouped as JNPF's designer groups them. It reads the registry live: a widget an
 * integrator registers, even after the designer opened, appears without an edit here.
 */
let registryVersion = 0;
const subscribe = (notify: () => void) =>
  onRegistryChange(() => {
    registryVersion += 1;
    notify();
  });

export function Palette({ language, onAdd }: { language: 'zh' | 'zhtw' | 'en'; onAdd(jnpfKey: string): void }) {
  const { t } = useTranslation();
  const version = useSyncExternalStore(subscribe, () => registryVersion);
  const [search, setSearch] = useState('');
  const groups = useMemo(() => paletteEntries(registeredKeys(), getWidget, language), [language, version]);
  const needle = search.trim().toLowerCase();
  return (
    <div className="fd-palette" aria-label={t('formDesigner.palette.title')}>
      <Input.Search size="small" allowClear placeholder={t('formDesigner.palette.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
      {PALETTE_GROUPS.map((group) => {
        const entries = groups[group].filter((entry) => !needle || entry.label.toLowerCase().includes(needle) || entry.jnpfKey.toLowerCase().includes(needle));
        if (entries.length === 0) return null;
        return (
          <section key={group} className="fd-palette-group" data-group={group}>
            <h4>{t(`formDesigner.group.${group}`)}</h4>
            <div className="fd-palette-items">
              {entries.map((entry) => (
                <PaletteItem key={entry.jnpfKey} entry={entry} onAdd={onAdd} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function PaletteItem({ entry, onAdd }: { entry: PaletteEntry; onAdd(jnpfKey: string): void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `palette:${entry.jnpfKey}`, data: { kind: 'palette', jnpfKey: entry.jnpfKey } });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={`fd-palette-item${isDragging ? ' fd-dragging' : ''}`}
      data-palette={entry.jnpfKey}
      title={t('formDesigner.palette.add')}
      onClick={() => onAdd(entry.jnpfKey)}
      {...attributes}
      /* Pointer only: Enter and Space add the widget (a click); they do not start a keyboard drag. */
      onPointerDown={listeners?.onPointerDown as React.PointerEventHandler<HTMLButtonElement> | undefined}
    >
      {entry.label}
    </button>
  );
}
