import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import { registerPageNode, type PageNodeProps } from '../../../kernel/client/runtime/page/pageNodes.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { dataInterfaceWords } from '../locale/words.js';

/**
 * The client side of the data interfaces (spec 000 §7): the page node dataInterfacePreview (the admin screen's
 * 测试 dialog: the interface's parameters, a run, its rows), loaded only when the dialog opens, and its words
 * under `dataInterface.`. The screen itself is schemas/dataInterface/systemData/dataInterface.json.
 */
registerWords(dataInterfaceWords);

const PreviewNode = lazy(() => import('./PreviewNode.js'));

registerPageNode('dataInterfacePreview', (props: PageNodeProps) => (
  <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
    <PreviewNode {...props} />
  </Suspense>
));
