/**
 * The organisation module's menu pages and the buttons its writes check (spec 000 §6): here, apart from the
 * routes, so the entity declarations (groupService.ts, positionService.ts) can name their page too.
 */
export const ORGANIZE_MENU = 'permission.organize';
export const DEPARTMENT_MENU = 'permission.department';
export const POSITION_MENU = 'permission.position';
export const GROUP_MENU = 'permission.group';
export const ORGANIZE_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove'] as const;
