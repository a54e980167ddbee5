/** Business constants and limits of spec 000 §9 and 001 §9, in one place so client and server agree. */

export const PRODUCT_STORAGE_PREFIX = 'labcode_';

export const NAME_MAX_LENGTH = 50;
export const CODE_MAX_LENGTH = 50;
export const SORT_CODE_MIN = 0;
export const SORT_CODE_MAX = 999999;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 16;

export const TREE_TOP_NODE_ID = '-1';

export const THEMES = ['classic', 'functional', 'plain', 'blend'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'classic';

export const COMPONENT_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export const DEFAULT_COMPONENT_SIZE = 'small';

export const PAGINATION = { currentPage: 1, pageSize: 20, pageSizes: [20, 50, 100, 500], unpagedPageSize: 10000 } as const;

export const THEME_COLOURS = {
  default: '#409eff',
  blue: '#1890ff',
  purple: '#722ed1',
  green: '#3eac12',
  yellow: '#f8bc18',
  orange: '#f5811c',
  red: '#f5222d',
  ocean: '#13c2c2',
} as const;

export const SIDEBAR_WIDTH = 210;
export const TOP_MENU_ITEM_WIDTH = 116;
export const MOBILE_BREAKPOINT = 992;

/** Toasts: success and server messages 1.5 s; request errors 3 s (spec 000 §8). */
export const TOAST_DURATION_MS = 1500;
export const ERROR_TOAST_DURATION_MS = 3000;
export const REQUEST_ERROR_MESSAGE = '请求出错，请重试';

/** URLs that talk to slow third parties get a long timeout (spec 000 §9). */
export const LONG_TIMEOUT_URL_PARTS = ['SynThirdInfo', 'extend/Email/Receive', 'Permission/Authority/Data', 'DataSync/Actions/Execute'];
export const LONG_REQUEST_TIMEOUT_MS = 100000;
/** The spec leaves the default to configuration; "one reading gives 1000000 ms". */
export const DEFAULT_REQUEST_TIMEOUT_MS = 1000000;

export const API_BASE = '/api';
export const DEFAULT_PORT = 30000;
export const UPLOAD_PATH = '/api/file/Uploader';

/** Failed sign-ins on one account before the captcha is required (issue 2). */
export const CAPTCHA_AFTER_FAILURES = 3;
