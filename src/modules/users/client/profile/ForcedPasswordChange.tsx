import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { mustChangePassword, readPasswordPolicy } from '../../../../shared/passwordPolicy.js';
import { session } from '../../../../kernel/client/stores/session.js';
import { PasswordChangeForm } from './PasswordChangeForm.js';

/**
 * The forced password change (spec 001 §4): a 600 px dialog that cannot be dismissed while the initial password
 * is unchanged and the setting requires a change. Changing the password closes it for good.
 */
export function ForcedPasswordChange() {
  const { t } = useTranslation();
  const { userInfo, sysConfigInfo, passwordChangeRequired } = useSnapshot(session);
  const policy = readPasswordPolicy((sysConfigInfo ?? {}) as Record<string, unknown>);
  const open = Boolean(userInfo) && (passwordChangeRequired || mustChangePassword(userInfo?.changePasswordDate, policy));
  return (
    <Modal open={open} width={600} title={t('password.forcedTitle')} closable={false} maskClosable={false} keyboard={false} footer={null} rootClassName="lc-forced-password">
      <Alert type="warning" showIcon message={t('password.forcedNotice')} className="lc-forced-password-notice" />
      <PasswordChangeForm
        onChanged={() => {
          if (session.userInfo) session.userInfo.changePasswordDate = new Date().toISOString();
          session.passwordChangeRequired = false;
        }}
      />
    </Modal>
  );
}
