import { theme as antdTheme, type ThemeConfig } from 'antd';
import { THEME_COLOURS } from '../../../../shared/constants.js';
import type { SlideClass, ThemeClass } from '../../stores/settings.js';

/**
 * The eight theme colours of spec 000 §9 by their setting names. The spec lists azure among the names and a
 * 'default' #409eff among the values; azure is that default blue (docs/decisions.md).
 */
export const THEME_CLASS_COLOURS: Record<ThemeClass, string> = {
  blue: THEME_COLOURS.blue,
  purple: THEME_COLOURS.purple,
  azure: THEME_COLOURS.default,
  ocean: THEME_COLOURS.ocean,
  green: THEME_COLOURS.green,
  yellow: THEME_COLOURS.yellow,
  orange: THEME_COLOURS.orange,
  red: THEME_COLOURS.red,
};

/** The menu background of spec 000 §9 for the dark sidebar. */
export const DARK_MENU_BACKGROUND = '#001529';

/** The theme colour as antd tokens, so every component (buttons, links, menus, tabs) follows one setting. */
/** The antd theme of the chosen colour and sidebar style; without motion when the person asked for less. */
export function themeConfig(themeClass: ThemeClass, slideClass: SlideClass, reducedMotion = false): ThemeConfig {
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: { colorPrimary: THEME_CLASS_COLOURS[themeClass], colorLink: THEME_CLASS_COLOURS[themeClass], borderRadius: 6, motion: !reducedMotion },
    components: {
      // Spec 000 §9: the dark menu on #001529 marks the active item by its text colour (the theme colour).
      Menu:
        slideClass === 'dark'
          ? { darkItemBg: DARK_MENU_BACKGROUND, darkSubMenuItemBg: '#000c17', darkPopupBg: DARK_MENU_BACKGROUND, darkItemSelectedBg: 'rgba(255, 255, 255, 0.06)', darkItemSelectedColor: THEME_CLASS_COLOURS[themeClass] }
          : {},
      Layout: { siderBg: slideClass === 'dark' ? DARK_MENU_BACKGROUND : '#ffffff' },
    },
  };
}
