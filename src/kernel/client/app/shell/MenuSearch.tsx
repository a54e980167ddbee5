import { Suspense, lazy, useState } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../../shared/sessionInfo.js';

const loadBox = () => import('./MenuSearchBox.js');
const MenuSearchBox = lazy(async () => ({ default: (await loadBox()).MenuSearchBox }));

/**
 * The menu search of the top bar. The search itself (antd Select, Fuse.js) is not part of the first JavaScript of
 * a page (issue 15): a plain input stands in for it until it is touched, which loads the real box; what is typed
 * while it loads is handed over, and the box takes the focus in its place.
 */
export function MenuSearch({ menu }: { menu: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [wanted, setWanted] = useState(false);
  const [typed, setTyped] = useState('');
  // A plain input (antd's Input would bring its own code): the size and colours of the box it stands for, its
  // placeholder as text (as the select shows it).
  const standIn = (
    <span className="lc-menu-search-standin" style={{ position: 'relative', display: 'inline-block', width: 200, verticalAlign: 'middle' }}>
      <input
        style={{
          // A block, so the box is exactly the input's height and the placeholder text sits on its middle line.
          display: 'block',
          width: '100%',
          height: token.controlHeight,
          padding: `0 ${token.paddingSM - 1}px`,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          background: token.colorBgContainer,
          color: token.colorText,
          fontSize: token.fontSize,
          outline: 'none',
          boxSizing: 'border-box',
        }}
        aria-label={t('nav.searchMenu')}
        data-testid="menu-search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onPointerEnter={() => void loadBox()}
        onFocus={() => setWanted(true)}
        autoFocus={wanted}
      />
      {!typed && (
        <span style={{ position: 'absolute', left: token.paddingSM, top: 0, lineHeight: `${token.controlHeight}px`, color: token.colorTextPlaceholder, fontSize: token.fontSize, pointerEvents: 'none' }}>
          {t('nav.searchMenu')}
        </span>
      )}
    </span>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MenuSearchBox menu={menu} initialQuery={typed} />
    </Suspense>
  );
}
