import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Modal, Spin, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { request } from '../../../kernel/client/api/request.js';
import { allowedButtons, permissionEntry } from '../../../kernel/client/runtime/page/permissions.js';
import type { ScreenButton } from '../../../kernel/client/runtime/page/screen.js';
import { session } from '../../../kernel/client/stores/session.js';
import { downloadFile } from '../../../kernel/client/runtime/page/pageApi.js';
import './generator.css';

/**
 * 预览代码 on the code generation page (JNPF's generator/webForm): what POST /visualdev/Generater/{id}/Actions/
 * CodePreview answers (folders, each with its files), one tab per file named by its file name, the whole path
 * above the code; 下载代码 fetches the same files as a zip (DownloadCode). Loaded on first use only.
 */
interface PreviewFile {
  id: string;
  folderName: string;
  fileName: string;
  fileType: string;
  fileContent: string;
}

interface PreviewFolder {
  id: string;
  fileName: string;
  children: PreviewFile[];
}

export function CodePreview({ id, name, modelId, onClose }: { id: string; name: string; modelId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { permissionList } = useSnapshot(session);
  // The zip is an export: shown to whoever holds the page's 下载代码 button (the server checks it again).
  const canDownload = allowedButtons([{ value: 'downloadCode', label: '', enCode: 'btn_export' } satisfies ScreenButton], permissionEntry(permissionList as never, modelId), true).length > 0;
  const [folders, setFolders] = useState<PreviewFolder[] | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let cancelled = false;
    request<{ list: PreviewFolder[] }>({ url: `/visualdev/Generater/${encodeURIComponent(id)}/Actions/CodePreview`, method: 'POST', data: {} }).then(
      ({ data }) => !cancelled && setFolders(Array.isArray(data?.list) ? data.list : []),
      // The request layer has shown the server's reason (a design that cannot be generated).
      () => !cancelled && onClose(),
    );
    return () => {
      cancelled = true;
    };
  }, [id, onClose]);

  const files = useMemo(() => (folders ?? []).flatMap((folder) => folder.children ?? []), [folders]);

  const download = async () => {
    setDownloading(true);
    try {
      const { data } = await request<{ url: string; name: string }>({ url: `/visualdev/Generater/${encodeURIComponent(id)}/Actions/DownloadCode`, method: 'POST', data: {} });
      await downloadFile(data.url, data.name);
    } catch {
      // Shown by the request layer.
    } finally {
      setDownloading(false);
    }
  };

  const footer = canDownload ? (
    <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid="code-download">
      {t('generator.code.download')}
    </Button>
  ) : null;

  return (
    <Modal open title={t('generator.code.title', { name })} width={1100} footer={footer} onCancel={onClose} destroyOnHidden rootClassName="lc-code-preview">
      <div data-testid="code-preview" data-files={files.length}>
        {!folders ? (
          <Spin />
        ) : files.length === 0 ? (
          <Empty description={t('generator.code.empty')} />
        ) : (
          <>
            <div className="lc-code-count">{t('generator.code.files', { count: files.length })}</div>
            <Tabs
              size="small"
              items={files.map((file) => ({
                key: `${file.folderName}/${file.fileName}`,
                label: <span data-file={`${file.folderName}/${file.fileName}`}>{file.fileName}</span>,
                children: (
                  <div className="lc-code-file">
                    <div className="lc-code-path">{`${file.folderName}/${file.fileName}`}</div>
                    <pre className="lc-code-content" data-testid="code-content">{file.fileContent}</pre>
                  </div>
                ),
              }))}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
