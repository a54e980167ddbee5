import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * The open pages outlive a change of layout. Each navigation style, and the phone's, puts the content area at
 * another place in the tree, and React mounts afresh whatever changes place: narrowing a window past 992 px (or
 * turning a tablet) used to close every open dialog and empty the page cache, half-filled forms included. So the
 * pages render, through a portal, into one element made once per workspace (the host), and each layout's content
 * area only takes that element in (PageSlot). The element moves in the document; the React tree in it stays. (What
 * a browser itself redoes on a move still happens: an embedded external page loads again, focus in the page is lost.)
 */
export function usePageHost(): HTMLDivElement {
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.className = 'lc-page-host';
    return element;
  });
  return host;
}

/** Where the current layout shows the pages: the host moves in when the slot mounts. */
export function PageSlot({ host }: { host: HTMLDivElement }) {
  const slot = useRef<HTMLDivElement>(null);
  // A layout effect: the host is in place before the browser paints and before the pages' own effects measure it.
  // No clean-up: the slot being replaced leaves the document with the host in it, and the next slot takes it.
  useLayoutEffect(() => {
    slot.current?.appendChild(host);
  }, [host]);
  return <div ref={slot} className="lc-page-slot" />;
}

/** The pages, rendered into the host wherever it currently is. */
export function HostedPages({ host, children }: { host: HTMLDivElement; children: ReactNode }) {
  return createPortal(children, host);
}
