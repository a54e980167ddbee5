import { createElement, Suspense, type ComponentType } from 'react';

/** A lazily loaded component rendered with its props, nothing shown while its chunk loads (actions' dialogs). */
export const suspended = <P extends object>(Component: ComponentType<P>, props: P) =>
  createElement(Suspense, { fallback: null }, createElement(Component as ComponentType<object>, props));
