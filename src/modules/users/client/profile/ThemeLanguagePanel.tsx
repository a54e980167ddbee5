import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { THEMES, type Theme } from '../../../../shared/constants.js';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/language.js';
import { settings } from '../../../../kernel/client/stores/settings.js';
import { chooseLanguage, chooseLayout } from '../../../../kernel/client/app/shell/preferences.js';

/** Layout and language, saved on the profile (SystemTheme, SystemLanguage) and applied at once. */
export function ThemeLanguagePanel() {
  const { t, i18n } = useTranslation();
  const { layoutType } = useSnapshot(settings);
  return (
    <Form layout="vertical" className="lc-profile-theme">
      <Form.Item label={t('settings.layout')}>
        <Radio.Group
          value={layoutType}
          onChange={(e) => chooseLayout(e.target.value as Theme)}
          options={THEMES.map((theme) => ({ value: theme, label: t(`settings.layouts.${theme}`) }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item label={t('nav.language')}>
        <Radio.Group
          value={i18n.language}
          onChange={(e) => chooseLanguage(e.target.value as Language)}
          options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
          optionType="button"
        />
      </Form.Item>
    </Form>
  );
}
