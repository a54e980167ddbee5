import { Suspense, lazy, memo, type ComponentType } from 'react';
import { Spin } from 'antd';
import type { WidgetProps } from './types.js';

/**
 * A widget whose code loads the first time one is shown. Rich text, barcodes and QR codes bring libraries (Quill,
 * JsBarcode, qrcode.react) that most forms never show, so neither the app's main chunk nor the form runtime's
 * carries them; a small spinner holds the place meanwhile.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps<any>>>): ComponentType<WidgetProps<any>> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return memo(function LazyWidget(props: WidgetProps<any>) {
    return (
      <Suspense fallback={<Spin size="small" className="jnpf-widget-loading" />}>
        <Loaded {...props} />
      </Suspense>
    );
  });
}
