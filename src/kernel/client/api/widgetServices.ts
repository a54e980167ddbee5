import type { WidgetServices } from '../../../../registry/components/services.js';
import type { OptionItem } from '../../../shared/form/definition.js';
import { i18n } from '../i18n/index.js';
import { cachedDictionary } from '../stores/dictionaryCache.js';
import { session } from '../stores/session.js';
import { request } from './request.js';
import { platformFileServices } from '../upload/platformFileServices.js';
import { platformPickerServices } from './pickerServices.js';
import { interfaceOptions } from './dataInterface.js';
import { managementPage } from '../runtime/page/managementPage.js';

/**
 * What form widgets ask of the platform: dictionary options (GET /api/system/DictionaryData/{type}/Data/Selector,
 * spec 001 §7) and data-interface options (POST /api/system/DataInterface/{id}/Actions/Preview with paramList).
 * Both answer data.list. A propsUrl starting with / is one of the platform's own calls (screens use these, e.g.
 * a category's parent picker) and is fetched as it is.
 */
const listOf = (data: unknown): OptionItem[] => {
  if (Array.isArray(data)) return data as OptionItem[];
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as OptionItem[]) : [];
};

export const platformWidgetServices: WidgetServices = {
  loadDictionaryOptions(dictionaryType) {
    return cachedDictionary(dictionaryType, async () => listOf((await request({ url: `/system/DictionaryData/${encodeURIComponent(dictionaryType)}/Data/Selector` })).data));
  },
  async loadInterfaceOptions(source, paramList) {
    // A screen names one of our own calls by its path; anything else is a data interface id.
    if (source.startsWith('/')) return listOf((await request({ url: source })).data);
    return (await interfaceOptions(source, paramList)) as OptionItem[];
  },
  get language() {
    return (i18n.language as WidgetServices['language']) ?? 'zh';
  },
  uploadUrl: (type) => `/api/file/Uploader/${type}`,
  authorization: () => session.token,
  files: platformFileServices,
  pickers: platformPickerServices,
  managementPage,
};
