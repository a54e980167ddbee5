import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT } from '../../../shared/constants.js';

/** Mobile mode applies under 992 px (spec 000 §2). A browser without matchMedia gets the desktop layout. */
const mediaQuery = (query: string): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;

export function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
  const [mobile, setMobile] = useState(() => mediaQuery(query)?.matches ?? false);
  useEffect(() => {
    const list = mediaQuery(query);
    if (!list) return undefined;
    const onChange = () => setMobile(list.matches);
    list.addEventListener('change', onChange);
    onChange();
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return mobile;
}
