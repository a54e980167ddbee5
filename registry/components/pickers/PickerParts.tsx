import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Avatar, Empty, Input, Modal, Select } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useWidgetText } from '../../widgetText.js';
import './pickers.css';

/**
 * The parts every picker shares: the field that shows the picked entries and opens the dialog, the two-pane
 * dialog (choices on the left, 已选 with 清空列表 on the right), and the hook that turns stored ids into labels.
 */

export interface PickedEntry {
  /** What identifies the entry in the stored value (an id, "id--type" or a joined path). */
  key: string;
  /** The entry as it is stored when that differs from how the value named it (a bare id read as its path). */
  stored?: string;
  label: string;
  /** A second line: the organisation path of a user. */
  detail?: string;
  headIcon?: string;
}

export interface PickerFieldProps {
  entries: PickedEntry[];
  multiple: boolean;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  clearable?: boolean;
  fieldKey?: string;
  onOpen(): void;
  /** The entries left after a tag's close icon or the clear icon. */
  onEntriesChange(entries: PickedEntry[]): void;
}

/**
 * The field: a select that never drops down (a click opens the dialog) showing labels; read-only and detail views
 * show the labels as text, nothing to click.
 */
const ICONS = '.ant-select-clear, .ant-select-selection-item-remove';

export function PickerField({ entries, multiple, placeholder, disabled, readOnly, clearable, fieldKey, onOpen, onEntriesChange }: PickerFieldProps) {
  const text = useWidgetText();
  const pressedIcon = useRef(false);
  if (readOnly) {
    return (
      <span className="jnpf-picker-text" data-picker-text={fieldKey ?? ''}>
        {entries.map((entry) => entry.label).join(text('listSeparator'))}
      </span>
    );
  }
  const keys = entries.map((entry) => entry.key);
  return (
    <div
      className="jnpf-picker-field"
      data-picker-field={fieldKey ?? ''}
      onMouseDownCapture={(event) => {
        // The clear icon and a tag's close icon change the value; they do not open the dialog. The clear icon is
        // gone by the time the click arrives (it clears on mouse down), so the press is remembered.
        pressedIcon.current = Boolean((event.target as HTMLElement).closest?.(ICONS));
      }}
      onClick={(event) => {
        const onIcon = pressedIcon.current || Boolean((event.target as HTMLElement).closest?.(ICONS));
        pressedIcon.current = false;
        if (!disabled && !onIcon) onOpen();
      }}
    >
      <Select
        mode={multiple ? 'multiple' : undefined}
        open={false}
        showSearch={false}
        disabled={disabled}
        allowClear={clearable !== false && !disabled}
        placeholder={placeholder || text('pleaseSelect')}
        value={multiple ? keys : keys[0]}
        options={entries.map((entry) => ({ value: entry.key, label: entry.label }))}
        style={{ width: '100%' }}
        onChange={(next: string | string[] | undefined) => {
          const left = new Set(Array.isArray(next) ? next : next ? [next] : []);
          onEntriesChange(entries.filter((entry) => left.has(entry.key)));
        }}
      />
    </div>
  );
}

export interface PickerDialogProps {
  open: boolean;
  title: string;
  width: number;
  selected: PickedEntry[];
  onRemove(key: string): void;
  onClear(): void;
  onOk(): void;
  onCancel(): void;
  /** The search box of the left pane; absent where the left pane has none (regions). */
  keyword?: string;
  onKeywordChange?(keyword: string): void;
  onSearch?(keyword: string): void;
  children: ReactNode;
}

export function PickerDialog(props: PickerDialogProps) {
  const text = useWidgetText();
  const { open, title, width, selected, onRemove, onClear, onOk, onCancel, keyword, onKeywordChange, onSearch, children } = props;
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      centered
      destroyOnHidden
      maskClosable={false}
      keyboard={false}
      okText={text('ok')}
      cancelText={text('cancel')}
      onOk={onOk}
      onCancel={onCancel}
      className="jnpf-picker-dialog"
    >
      <div className={width < 600 ? 'jnpf-transfer jnpf-transfer-narrow' : 'jnpf-transfer'}>
        <div className="jnpf-transfer-pane">
          {onSearch ? (
            <div className="jnpf-transfer-tool">
              <Input.Search
                allowClear
                placeholder={text('enterKeyword')}
                value={keyword}
                onChange={(event) => onKeywordChange?.(event.target.value)}
                onSearch={(value) => onSearch(value)}
                data-testid="picker-search"
              />
            </div>
          ) : null}
          <div className="jnpf-transfer-body">{children}</div>
        </div>
        <div className="jnpf-transfer-pane jnpf-transfer-selected" data-testid="picker-selected">
          <div className="jnpf-transfer-tool jnpf-transfer-head">
            <span>{text('selected')}</span>
            <a role="button" onClick={onClear} data-testid="picker-clear">
              {text('clearList')}
            </a>
          </div>
          <div className="jnpf-transfer-body">
            {selected.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('empty')} /> : null}
            {selected.map((entry) => (
              <div key={entry.key} className="jnpf-picked-item" data-picked={entry.key}>
                {entry.headIcon !== undefined ? <Avatar size={32} src={entry.headIcon || undefined}>{entry.label.slice(0, 1)}</Avatar> : null}
                <div className="jnpf-picked-text">
                  <div className="jnpf-picked-name" title={entry.label}>
                    {entry.label}
                  </div>
                  {entry.detail ? (
                    <div className="jnpf-picked-detail" title={entry.detail}>
                      {entry.detail}
                    </div>
                  ) : null}
                </div>
                <DeleteOutlined className="jnpf-picked-remove" aria-label={text('delete')} onClick={() => onRemove(entry.key)} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </Modal>
  );
}

/** One row of a user or entry list on the left pane. */
export function PickerListItem({ entry, onPick }: { entry: PickedEntry; onPick(): void }) {
  return (
    <div className="jnpf-picker-row" data-option={entry.key} role="option" aria-selected={false} onClick={onPick}>
      {entry.headIcon !== undefined ? <Avatar size={32} src={entry.headIcon || undefined}>{entry.label.slice(0, 1)}</Avatar> : null}
      <div className="jnpf-picked-text">
        <div className="jnpf-picked-name">{entry.label}</div>
        {entry.detail ? <div className="jnpf-picked-detail">{entry.detail}</div> : null}
      </div>
    </div>
  );
}

/**
 * Labels of stored entries, asked once per distinct value: entries already known (picked in this session) show at
 * once; the rest come from `resolve`, which asks the server, so an id beyond the first page still shows its name.
 * An id the server does not know shows as itself.
 */
export function useResolvedEntries(keys: string[], resolve: (keys: string[]) => Promise<PickedEntry[]>, known: PickedEntry[]): PickedEntry[] {
  const [resolved, setResolved] = useState<{ signature: string; entries: PickedEntry[] }>({ signature: '', entries: [] });
  const knownByKey = new Map(known.map((entry) => [entry.key, entry]));
  const missing = keys.filter((key) => !knownByKey.has(key));
  const missingSignature = missing.join('\u0001');
  useEffect(() => {
    if (!missingSignature) return undefined;
    let cancelled = false;
    resolve(missingSignature.split('\u0001')).then(
      (entries) => !cancelled && setResolved({ signature: missingSignature, entries }),
      () => !cancelled && setResolved({ signature: missingSignature, entries: [] }),
    );
    return () => {
      cancelled = true;
    };
    // resolve is rebuilt every render; the stored value is what decides whether to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missingSignature]);
  const fetched = resolved.signature === missingSignature ? new Map(resolved.entries.map((entry) => [entry.key, entry])) : new Map<string, PickedEntry>();
  const pending = missingSignature !== '' && resolved.signature !== missingSignature;
  return keys.map((key) => knownByKey.get(key) ?? fetched.get(key) ?? { key, label: pending ? '…' : key });
}
