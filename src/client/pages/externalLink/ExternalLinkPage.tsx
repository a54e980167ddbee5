import { useSearchParams } from 'react-router-dom';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Only web addresses are embedded; a crafted href such as javascript: must not run in the workspace. */
export function embeddableHref(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** /externalLink (spec 000 §2): an external link opened with target _self, embedded under the workspace's tabs. */
export function ExternalLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const href = embeddableHref(params.get('href'));
  if (!href) return <Result status="warning" title={t('externalLink.invalid')} />;
  return <iframe className="lc-external-link" src={href} title={t('nav.externalLink')} data-testid="external-link-frame" />;
}
