import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { fillValue } from '../../../kernel/client/runtime/page/template.js';
import { PrintEditor } from './PrintEditor.js';

/**
 * Print's client: the template editor opened by the 打印模板 screen (action printDevEdit: {id} from a row's Edit,
 * none from the toolbar's New). The preview and the chooser open from the record viewer (PrintPreview.tsx).
 */
registerAction('printDevEdit', (action, env) => {
  const filled = action.id === undefined ? undefined : fillValue(action.id, env.context);
  const id = filled === undefined || filled === null || filled === '' ? undefined : String(filled);
  env.open((close) => (
    <PrintEditor
      id={id}
      onClose={close}
      onSaved={() => {
        close();
        void env.reload();
      }}
    />
  ));
});
