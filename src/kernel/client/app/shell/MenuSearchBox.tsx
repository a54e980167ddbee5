import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { createMenuSearch } from '../../../../shared/shell/menuSearch.js';
import { indexMenu } from './menuModel.js';
import { useOpenMenuItem } from './useOpenMenuItem.js';

/**
 * Fuzzy search over the visible menu (Fuse.js, spec 000 §2); choosing a result opens it like a menu click. Loaded
 * when the search box is first touched (MenuSearch): what was typed meanwhile arrives as `initialQuery`.
 */
export function MenuSearchBox({ menu, initialQuery = '' }: { menu: readonly MenuItem[]; initialQuery?: string }) {
  const { t } = useTranslation();
  const openItem = useOpenMenuItem();
  const search = useMemo(() => createMenuSearch(menu), [menu]);
  const byId = useMemo(() => indexMenu(menu), [menu]);
  const [query, setQuery] = useState(initialQuery);
  // The select clears its search as it takes the focus: what was typed in the stand-in is put back after that.
  useEffect(() => {
    if (initialQuery) setTimeout(() => setQuery(initialQuery), 0);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const results = useMemo(() => search(query), [search, query]);

  return (
    <Select
      className="lc-menu-search"
      showSearch
      value={null}
      placeholder={<span><SearchOutlined /> {t('nav.searchMenu')}</span>}
      filterOption={false}
      searchValue={query}
      onSearch={setQuery}
      notFoundContent={query.trim() ? t('nav.searchEmpty') : null}
      options={results.map((entry) => ({
        value: entry.item.id,
        label: (
          <span className="lc-menu-search-option">
            <span>{entry.title}</span>
            <span className="lc-menu-search-trail">{[...entry.trail, entry.path].join(' / ')}</span>
          </span>
        ),
      }))}
      onSelect={(id: string | null) => {
        const item = id ? byId.get(id) : undefined;
        setQuery('');
        if (item) openItem(item);
      }}
      popupMatchSelectWidth={320}
      suffixIcon={null}
      aria-label={t('nav.searchMenu')}
      // Mounted in place of the stand-in the user clicked: take the focus and show the results for what was typed.
      autoFocus
      defaultOpen={initialQuery !== ''}
      data-testid="menu-search"
    />
  );
}
