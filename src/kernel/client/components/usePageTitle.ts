import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from '../../../shared/shell/menuTarget.js';

/** Sets '{title} - {product name}' (spec 000 §2, rule 7) in the current language. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = pageTitle(title, t('product.name'));
  }, [title, t]);
}
