import { message } from 'antd';
import { registerAction } from '../actions.js';
import { textOf, type Text } from '../screen.js';
import { fillValue } from '../template.js';
import { importApiFor } from './importApi.js';
import { ImportDialog } from './ImportDialog.js';

/**
 * {actionType: 'import', module, title?}: the bulk import dialog for a module path ('permission/Users',
 * 'visualdev/OnlineDev/{modelId}', filled from the context). What holds the button reloads once rows went in.
 */
registerAction('import', (action, env) => {
  const module = String(fillValue(action.module, env.context) ?? '');
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(module)) {
    void message.error({ content: env.t('importDialog.badModule', { module }), duration: 3 });
    return;
  }
  const api = importApiFor(module);
  env.open((close) => (
    <ImportDialog
      api={api}
      title={textOf(action.title as Text | undefined, env.language)}
      onClose={(imported) => {
        close();
        if (imported) void env.reload();
      }}
    />
  ));
});
