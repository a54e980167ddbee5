/** The system configuration screen's menu item: its calls, the users module's administrators tab included, check it. */
export const SYS_CONFIG_MENU = 'system.sysConfig';
