import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import { i18n } from '../../../kernel/client/i18n/index.js';
import { registerPageNode, type PageNodeProps } from '../../../kernel/client/runtime/page/pageNodes.js';
import { en, zh, zhtw } from './i18n.js';

/**
 * The client side of the data interfaces (spec 000 §7): the page node dataInterfacePreview (the admin screen's
 * 测试 dialog: the interface's parameters, a run, its rows), loaded only when the dialog opens, and its words
 * under `dataInterface.`. The screen itself is schemas/dataInterface/systemData/dataInterface.json.
 */
i18n.addResourceBundle('zh', 'translation', { dataInterface: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { dataInterface: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { dataInterface: en }, true, true);

const PreviewNode = lazy(() => import('./PreviewNode.js'));

registerPageNode('dataInterfacePreview', (props: PageNodeProps) => (
  <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
    <PreviewNode {...props} />
  </Suspense>
));
