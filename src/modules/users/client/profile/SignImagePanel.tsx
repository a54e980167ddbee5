import { useEffect, useState } from 'react';
import { Button, Card, Empty, Popconfirm, Space, Tag, Typography, Upload, message } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SIGN_IMAGE_MAX_BYTES, AVATAR_TYPES } from '../../../../shared/profileLimits.js';
import { fileSize } from '../../../../shared/format/sizes.js';
import { addSignImage, deleteSignImage, getSignImages, setDefaultSignImage } from '../../../../kernel/client/api/currentUserApi.js';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Signature images used when approving: add, choose the default, delete (GET, POST SignImg; PUT, DELETE {id}/SignImg). */
export function SignImagePanel() {
  const { t } = useTranslation();
  const [images, setImages] = useState<{ id: string; signImg: string; isDefault: number }[]>([]);
  const reload = () => void getSignImages().then(({ data }) => setImages(data), () => undefined);
  useEffect(reload, []);

  const add = async (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) return void message.error(t('profile.imageType'));
    if (file.size > SIGN_IMAGE_MAX_BYTES) return void message.error(t('profile.imageTooLarge', { limit: fileSize(SIGN_IMAGE_MAX_BYTES) }));
    try {
      await addSignImage(await readAsDataUrl(file));
      reload();
    } catch {
      // the toast said why
    }
  };

  return (
    <Space direction="vertical" size="middle" className="lc-profile-signs">
      <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={(file) => (void add(file), false)}>
        <Button icon={<UploadOutlined />}>{t('profile.addSignImage')}</Button>
      </Upload>
      <Typography.Text type="secondary">{t('profile.signHint', { limit: fileSize(SIGN_IMAGE_MAX_BYTES) })}</Typography.Text>
      {images.length === 0 && <Empty description={t('profile.noSignImage')} />}
      <div className="lc-sign-grid">
        {images.map((image) => (
          <Card
            key={image.id}
            size="small"
            cover={<img src={image.signImg} alt={t('profile.signImage')} className="lc-sign-image" />}
            actions={[
              image.isDefault ? <Tag color="blue" key="d">{t('profile.defaultSign')}</Tag> : <Button type="link" key="d" onClick={() => void setDefaultSignImage(image.id).then(reload, () => undefined)}>{t('profile.setDefault')}</Button>,
              <Popconfirm key="x" title={t('page.removeConfirm')} onConfirm={() => deleteSignImage(image.id).then(reload, () => undefined)}>
                <Button type="link" danger>{t('profile.delete')}</Button>
              </Popconfirm>,
            ]}
          />
        ))}
      </div>
    </Space>
  );
}
