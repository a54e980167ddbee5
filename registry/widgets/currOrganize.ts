import { SystemField } from '../components/display.js';
import { labels, systemFieldWidget } from '../define.js';

/** System field: organisation, filled by the server on save. */
export const currOrganize = systemFieldWidget(labels('所属组织', '所屬組織', 'Organisation'), SystemField);
