import { lazy } from 'react';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { suspended } from '../../../kernel/client/components/suspended.js';
import { actionRecordId, rowFullName } from '../../../kernel/client/runtime/page/actionRecord.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { generatorWords } from '../locale/words.js';

/**
 * The client side of code generation: its words under `generator.` and the action `generatorPreview` of the 代码生成
 * screen, whose preview (CodePreview) loads on first use.
 */
registerWords(generatorWords);

const CodePreview = lazy(async () => ({ default: (await import('./CodePreview.js')).CodePreview }));

/** {actionType: 'generatorPreview', id?}: 代码生成's preview of the generated files, with their zip download. */
registerAction('generatorPreview', (action, env) => {
  const id = actionRecordId(action, env.context);
  if (!id) return;
  env.open((close) => suspended(CodePreview, { id, name: rowFullName(env.context), modelId: env.modelId, onClose: close }));
});
