import { Divider, Drawer, Radio, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { THEMES, type Theme } from '../../../../shared/constants.js';
import { chooseLayout } from './preferences.js';
import { changeSetting, settings, SLIDE_CLASSES, THEME_CLASSES, type SlideClass, type WorkspaceSettings } from '../../stores/settings.js';
import { THEME_CLASS_COLOURS } from './themeTokens.js';

type SwitchKey = 'tagsView' | 'tagsIcon' | 'showLanguage' | 'showSearch' | 'useCache';
const SWITCHES: SwitchKey[] = ['tagsView', 'tagsIcon', 'showLanguage', 'showSearch', 'useCache'];

/**
 * The settings drawer (spec 000 §2): layout, sidebar style, theme colour and five switches. Every change applies
 * at once and is kept in local storage; the layout is also saved on the user's profile (SystemTheme), as the
 * sign-in answer carries it back.
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const snap = useSnapshot(settings);

  return (
    <Drawer open={open} onClose={onClose} width={300} title={t('settings.title')} rootClassName="lc-settings-drawer" data-testid="settings-drawer">
      <Divider plain>{t('settings.layout')}</Divider>
      <Radio.Group value={snap.layoutType} onChange={(e) => chooseLayout(e.target.value as Theme)} className="lc-settings-layouts">
        {THEMES.map((layout) => (
          <Radio.Button key={layout} value={layout}>
            <span data-testid={`layout-${layout}`}>{t(`settings.layouts.${layout}`)}</span>
          </Radio.Button>
        ))}
      </Radio.Group>

      <Divider plain>{t('settings.sidebar')}</Divider>
      <Radio.Group value={snap.slideClass} onChange={(e) => changeSetting('slideClass', e.target.value as SlideClass)}>
        {SLIDE_CLASSES.map((style) => (
          <Radio key={style} value={style}>
            <span data-testid={`sidebar-${style}`}>{t(`settings.sidebars.${style}`)}</span>
          </Radio>
        ))}
      </Radio.Group>

      <Divider plain>{t('settings.colour')}</Divider>
      <div className="lc-settings-colours" role="radiogroup" aria-label={t('settings.colour')}>
        {THEME_CLASSES.map((colour) => (
          <Tooltip key={colour} title={t(`settings.colours.${colour}`)}>
            <button
              type="button"
              role="radio"
              aria-checked={snap.themeClass === colour}
              aria-label={t(`settings.colours.${colour}`)}
              className="lc-colour-swatch"
              style={{ background: THEME_CLASS_COLOURS[colour] }}
              onClick={() => changeSetting('themeClass', colour)}
              data-testid={`colour-${colour}`}
            >
              {snap.themeClass === colour && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider plain>{t('settings.interface')}</Divider>
      {SWITCHES.map((key) => (
        <label key={key} className="lc-settings-switch">
          <span>{t(`settings.switches.${key}`)}</span>
          <Switch size="small" checked={snap[key] as WorkspaceSettings[SwitchKey]} onChange={(value) => changeSetting(key, value)} data-testid={`switch-${key}`} />
        </label>
      ))}
    </Drawer>
  );
}
