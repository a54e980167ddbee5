import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { THEMES, type Theme } from '../../../shared/constants.js';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/language.js';
import { setSystemTheme } from '../../api/currentUserApi.js';
import { request } from '../../api/request.js';
import { switchLanguage } from '../../i18n/index.js';
import { changeSetting, settings } from '../../stores/settings.js';

/** Layout and language, saved on the profile (SystemTheme, SystemLanguage) and applied at once. */
export function ThemeLanguagePanel() {
  const { t, i18n } = useTranslation();
  const { layoutType } = useSnapshot(settings);
  return (
    <Form layout="vertical" className="lc-profile-theme">
      <Form.Item label={t('settings.layout')}>
        <Radio.Group
          value={layoutType}
          onChange={(e) => {
            changeSetting('layoutType', e.target.value as Theme);
            void setSystemTheme(e.target.value as Theme).catch(() => undefined);
          }}
          options={THEMES.map((theme) => ({ value: theme, label: t(`settings.layouts.${theme}`) }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item label={t('nav.language')}>
        <Radio.Group
          value={i18n.language}
          onChange={(e) => {
            void switchLanguage(e.target.value as Language);
            void request({ url: '/permission/Users/Current/SystemLanguage', method: 'PUT', data: { language: e.target.value } }).catch(() => undefined);
          }}
          options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          optionType="button"
        />
      </Form.Item>
    </Form>
  );
}
