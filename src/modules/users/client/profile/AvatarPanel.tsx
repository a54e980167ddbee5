import { useState } from 'react';
import { Avatar, Button, Space, Typography, Upload, message } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../../../shared/profileLimits.js';
import { fileSize } from '../../../../shared/format/sizes.js';
import { setAvatar, type BaseInfo } from '../../../../kernel/client/api/currentUserApi.js';
import { request } from '../../../../kernel/client/api/request.js';
import { session } from '../../../../kernel/client/stores/session.js';

/** The avatar: an image uploaded to /api/file/Uploader/userAvatar, then chosen with PUT Avatar/{name}. */
export function AvatarPanel({ info, onSaved }: { info: BaseInfo | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) return void message.error(t('profile.imageType'));
    if (file.size > AVATAR_MAX_BYTES) return void message.error(t('profile.imageTooLarge', { limit: fileSize(AVATAR_MAX_BYTES) }));
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const { data } = await request<{ name: string; url: string }>({ url: '/file/Uploader/userAvatar', method: 'POST', data: body });
      await setAvatar(data.name);
      if (session.userInfo) session.userInfo.headIcon = data.url;
      onSaved();
    } catch {
      // the toast said why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size="large" className="lc-profile-avatar">
      <Avatar size={96} src={info?.headIcon} icon={<UserOutlined />} data-testid="profile-avatar" />
      <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
        <Button icon={<UploadOutlined />} loading={busy}>{t('profile.uploadAvatar')}</Button>
      </Upload>
      <Typography.Text type="secondary">{t('profile.avatarHint', { limit: fileSize(AVATAR_MAX_BYTES) })}</Typography.Text>
    </Space>
  );
}
