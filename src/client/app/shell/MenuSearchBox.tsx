import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../shared/sessionInfo.js';
import { createMenuSearch } from '../../../shared/shell/menuSearch.js';
import { indexMenu } from './menuModel.js';
import { useOpenMenuItem } from './useOpenMenuItem.js';

/** Fuzzy search over the visible menu (Fuse.js, spec 000 §2); choosing a result opens it like a menu click. */
export function MenuSearch({ menu }: { menu: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const openItem = useOpenMenuItem();
  const search = useMemo(() => createMenuSearch(menu), [menu]);
  const byId = useMemo(() => indexMenu(menu), [menu]);
  const [query, setQuery] = useState('');
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
      data-testid="menu-search"
    />
  );
}
