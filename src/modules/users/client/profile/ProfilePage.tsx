import { useEffect, useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { getBaseInfo, type BaseInfo } from '../../../../kernel/client/api/currentUserApi.js';
import { BaseInfoPanel } from './BaseInfoPanel.js';
import { AvatarPanel } from './AvatarPanel.js';
import { SignImagePanel } from './SignImagePanel.js';
import { ThemeLanguagePanel } from './ThemeLanguagePanel.js';
import { PasswordChangeForm } from './PasswordChangeForm.js';
import { SystemLogPanel } from './SystemLogPanel.js';
import { message } from 'antd';

/**
 * /profile (spec 000 §2, issue 4 item 8): the signed-in user's own information, avatar, signature images,
 * layout and language, password and system log, each through the /permission/Users/Current calls.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<BaseInfo | null>(null);
  const reload = () => void getBaseInfo().then(({ data }) => setInfo(data), () => undefined);
  useEffect(reload, []);

  return (
    <Card className="lc-profile" data-testid="profile-page">
      <Tabs
        tabPosition="top"
        items={[
          { key: 'base', label: t('profile.baseInfo'), children: <BaseInfoPanel info={info} onSaved={reload} /> },
          { key: 'avatar', label: t('profile.avatar'), children: <AvatarPanel info={info} onSaved={reload} /> },
          { key: 'sign', label: t('profile.signImage'), children: <SignImagePanel /> },
          { key: 'theme', label: t('profile.themeLanguage'), children: <ThemeLanguagePanel /> },
          { key: 'password', label: t('profile.password'), children: <PasswordChangeForm onChanged={() => void message.success(t('password.changed'))} /> },
          { key: 'log', label: t('profile.systemLog'), children: <SystemLogPanel /> },
        ]}
      />
    </Card>
  );
}
