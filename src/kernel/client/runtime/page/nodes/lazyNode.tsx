import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';
import type { PageNodeProps } from '../pageNodes.js';

/** A page node whose code loads the first time a screen shows it; a spinner holds its place meanwhile. */
export function lazyNode(load: () => Promise<{ default: ComponentType<PageNodeProps<never>> }>): ComponentType<PageNodeProps> {
  const Node = lazy(load) as unknown as ComponentType<PageNodeProps>;
  return function LazyNode(props: PageNodeProps) {
    return (
      <Suspense fallback={<div className="lc-page-loading-inline"><Spin /></div>}>
        <Node {...props} />
      </Suspense>
    );
  };
}
