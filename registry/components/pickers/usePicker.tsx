import { useState, type ReactElement } from 'react';
import type { WidgetProps } from '../../types.js';
import { PickerField, useResolvedEntries, type PickedEntry } from './PickerParts.js';
import { addPicked } from './pickerValues.js';

/**
 * What every picker does with its value around its own dialog body: labels for the stored keys, the field, the
 * working selection of an open dialog (a pick by the rules of spec 001 §4, remove, clear) and the confirmation
 * that turns it into the stored value. Entries picked here are remembered, so their labels need no round trip.
 */
export interface PickerOptions {
  keys: string[];
  resolve(keys: string[]): Promise<PickedEntry[]>;
  toValue(entries: PickedEntry[]): unknown;
  /** What makes two entries the same (the stored form where it differs from the key). */
  identity?(entry: PickedEntry): string;
  /** Runs as the dialog opens (reset its tab, its search). */
  onOpen?(): void;
  /** Refuses a confirmation (an approver picker with nobody chosen) by answering false. */
  confirmable?(selected: PickedEntry[]): boolean;
}

export interface PickerState {
  field: ReactElement;
  open: boolean;
  selected: PickedEntry[];
  pick(entry: PickedEntry): void;
  /** The props of PickerDialog that are the same for every picker. */
  dialog: { open: true; selected: PickedEntry[]; onRemove(key: string): void; onClear(): void; onOk(): void; onCancel(): void };
}

export function usePicker(props: WidgetProps, options: PickerOptions): PickerState {
  const multiple = Boolean(props.multiple);
  const identity = options.identity ?? ((entry: PickedEntry) => entry.key);
  const [known, setKnown] = useState<PickedEntry[]>([]);
  const entries = useResolvedEntries(options.keys, options.resolve, known);
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<PickedEntry[]>([]);

  const emit = (picked: PickedEntry[]) => {
    setKnown((previous) => [...previous.filter((entry) => !picked.some((p) => p.key === entry.key)), ...picked]);
    props.onChange?.(options.toValue(picked));
  };
  const field = (
    <PickerField
      entries={entries}
      multiple={multiple}
      placeholder={props.placeholder as string | undefined}
      disabled={Boolean(props.disabled)}
      readOnly={Boolean(props.readOnly)}
      clearable={props.clearable as boolean | undefined}
      fieldKey={props.fieldKey}
      onOpen={() => {
        setSelected(entries);
        options.onOpen?.();
        setOpen(true);
      }}
      onEntriesChange={emit}
    />
  );
  return {
    field,
    open,
    selected,
    pick: (entry) => setSelected((current) => addPicked(current, entry, multiple, identity)),
    dialog: {
      open: true,
      selected,
      onRemove: (key) => setSelected((current) => current.filter((entry) => entry.key !== key)),
      onClear: () => setSelected([]),
      onOk: () => {
        if (options.confirmable && !options.confirmable(selected)) return;
        emit(selected);
        setOpen(false);
      },
      onCancel: () => setOpen(false),
    },
  };
}
