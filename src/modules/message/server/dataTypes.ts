import { AppError } from '../../../kernel/server/appError.js';

/**
 * The fixed vocabularies of the message centre (JNPF's MessageDataType, read by getTypeList/{type}): 1 message
 * types (how a message is sent), 2 channels, 3 webhook kinds, 4 message sources. They are the product's own
 * codes, not data an administrator edits, so they live here rather than in a table.
 */
interface DataType {
  id: string;
  type: string;
  fullName: string;
  enCode: string;
}

const entries = (type: string, items: [enCode: string, fullName: string][]): DataType[] =>
  items.map(([enCode, fullName]) => ({ id: `${type}-${enCode}`, type, fullName, enCode }));

export const MESSAGE_DATA_TYPES: Record<string, DataType[]> = {
  '1': entries('1', [['1', '站内信'], ['2', '邮件'], ['3', '短信'], ['4', '钉钉'], ['5', '企业微信'], ['6', '微信公众号'], ['7', 'webhook']]),
  '2': entries('2', [['1', '站内信'], ['2', '邮件'], ['3', '短信'], ['4', '钉钉'], ['5', '企业微信'], ['6', '微信公众号'], ['7', 'webhook']]),
  '3': entries('3', [['1', '钉钉'], ['2', '企业微信']]),
  '4': entries('4', [['1', '公告'], ['2', '流程'], ['3', '系统'], ['4', '日程']]),
};

/** Message types (1) and sources (4) a template may name. */
export const MESSAGE_TYPE_CODES = MESSAGE_DATA_TYPES['1']!.map((t) => t.enCode);
export const MESSAGE_SOURCE_CODES = MESSAGE_DATA_TYPES['4']!.map((t) => t.enCode);

/** JNPF accepts one type or several comma-joined; an unknown one answers its "no data of this type". */
export function dataTypeList(types: string): DataType[] {
  const list = types.split(',').flatMap((type) => MESSAGE_DATA_TYPES[type.trim()] ?? []);
  if (list.length === 0) throw AppError.badRequest('message.dataTypeInvalid');
  return list;
}
