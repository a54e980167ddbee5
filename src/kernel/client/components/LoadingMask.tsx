import { Spin } from 'antd';
import { useSnapshot } from 'valtio';
import { loading } from '../stores/loading.js';

/** The full-screen mask shown while any request is in flight (spec 001 §4). */
export function LoadingMask() {
  const { pending } = useSnapshot(loading);
  if (pending === 0) return null;
  return (
    <div className="lc-loading-mask" data-testid="loading-mask" aria-busy="true">
      <Spin size="large" />
    </div>
  );
}
