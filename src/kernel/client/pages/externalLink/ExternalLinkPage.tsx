import { useSearchParams } from 'react-router-dom';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { embeddableHref } from '../../../../shared/shell/menuTarget.js';
import { session } from '../../stores/session.js';
import { linkContext } from '../../stores/linkContext.js';

/**
 * /externalLink (spec 000 §2): an external link opened with target _self, embedded under the workspace's tabs.
 * Only this site's pages and the addresses the user's own menu embeds are shown.
 */
export function ExternalLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { menuList } = useSnapshot(session);
  const href = embeddableHref(params.get('href'), menuList as MenuItem[], linkContext());
  if (!href) return <Result status="warning" title={t('externalLink.invalid')} />;
  return <iframe className="lc-external-link" src={href} title={t('nav.externalLink')} data-testid="external-link-frame" />;
}
