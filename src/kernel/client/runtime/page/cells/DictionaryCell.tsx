import { useEffect, useState } from 'react';
import type { OptionItem } from '../../../../../shared/form/definition.js';
import { platformWidgetServices } from '../../../api/widgetServices.js';
import { plainText } from '../cells.js';

/** A stored dictionary entry (its id or code) shown by its name, through the shared dictionary cache. */
function findEntry(options: readonly OptionItem[], value: string): OptionItem | undefined {
  for (const option of options) {
    if (String(option.id) === value || String(option.enCode) === value) return option;
    const inner = findEntry(option.children ?? [], value);
    if (inner) return inner;
  }
  return undefined;
}

export function DictionaryCell({ dictionaryType, value }: { dictionaryType: string; value: unknown }) {
  const [options, setOptions] = useState<OptionItem[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    platformWidgetServices.loadDictionaryOptions(dictionaryType).then(
      (loaded) => !cancelled && setOptions(loaded),
      () => !cancelled && setOptions([]),
    );
    return () => {
      cancelled = true;
    };
  }, [dictionaryType]);
  const text = plainText(value);
  // Until the entries arrive, and for a value no entry has, the stored value is what there is to show.
  const entry = options && text ? findEntry(options, text) : undefined;
  return <span data-cell="dictionary">{entry ? plainText(entry.fullName) : text}</span>;
}
