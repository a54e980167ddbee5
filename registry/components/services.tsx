import { createContext, useContext, useEffect, useState } from 'react';
import type { OptionItem } from '../../src/shared/form/definition.js';

/**
 * What widgets may ask of the runtime around them, by interface only: option lists from the dictionary API or a
 * data interface, and the language. The runtime provides the implementation; tests provide their own.
 */
export interface WidgetServices {
  loadDictionaryOptions(dictionaryType: string): Promise<OptionItem[]>;
  loadInterfaceOptions(propsUrl: string): Promise<OptionItem[]>;
  language: 'zh' | 'zhtw' | 'en';
  /** Upload endpoint for file and image widgets (spec 001 §7). */
  uploadUrl(type: string): string;
  authorization(): string | null;
  /** Opens a related record (relation-form links in the record viewer); absent where nothing can be opened. */
  openRecord?: (modelId: string, recordId: string) => void;
}

const unavailable = (what: string) => () => Promise.reject(new Error(`${what} is not available here`));

export const WidgetServicesContext = createContext<WidgetServices>({
  loadDictionaryOptions: unavailable('the dictionary API'),
  loadInterfaceOptions: unavailable('the data interface API'),
  language: 'zh',
  uploadUrl: (type) => `/api/file/Uploader/${type}`,
  authorization: () => null,
});

export const useWidgetServices = () => useContext(WidgetServicesContext);

export interface OptionSource {
  dataType?: string;
  options?: OptionItem[];
  dictionaryType?: string;
  propsUrl?: string;
}

/** Static options as given; dictionary and dynamic ones loaded once per source. A failed load shows no options and says why. */
export function useOptions(source: OptionSource): { options: OptionItem[]; error?: string; loading: boolean } {
  const services = useWidgetServices();
  const key = source.dataType === 'dictionary' ? `d:${source.dictionaryType}` : source.dataType === 'dynamic' ? `i:${source.propsUrl}` : 'static';
  const [state, setState] = useState<{ key: string; options: OptionItem[]; error?: string; loading: boolean }>({ key: '', options: [], loading: false });
  useEffect(() => {
    if (key === 'static') return;
    let cancelled = false;
    setState({ key, options: [], loading: true });
    const load =
      source.dataType === 'dictionary'
        ? source.dictionaryType
          ? services.loadDictionaryOptions(source.dictionaryType)
          : Promise.reject(new Error('no dictionaryType'))
        : source.propsUrl
          ? services.loadInterfaceOptions(source.propsUrl)
          : Promise.reject(new Error('no propsUrl'));
    load.then(
      (options) => !cancelled && setState({ key, options, loading: false }),
      (error: unknown) => !cancelled && setState({ key, options: [], loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, services, source.dataType, source.dictionaryType, source.propsUrl]);
  if (key === 'static') return { options: source.options ?? [], loading: false };
  return state.key === key ? state : { options: [], loading: true };
}
