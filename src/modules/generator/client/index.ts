import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { fillValue } from '../../../kernel/client/runtime/page/template.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { generatorWords } from '../locale/words.js';

/**
 * The client side of code generation: its words under `generator.` and the action `generatorPreview` of the 代码生成
 * screen, whose preview (CodePreview) loads on first use.
 */
registerWords(generatorWords);

const CodePreview = lazy(async () => ({ default: (await import('./CodePreview.js')).CodePreview }));

/** A lazily loaded component rendered with its props, nothing shown while its chunk loads. */
const suspended = <P extends object>(Component: ComponentType<P>, props: P) => createElement(Suspense, { fallback: null }, createElement(Component as ComponentType<object>, props));

/** The design's id from the action ({id: '{id}'} by default: the row's). */
const designId = (action: Record<string, unknown>, context: Record<string, unknown>) => {
  const id = fillValue(action.id ?? '{id}', context);
  return id === undefined || id === null || id === '' ? undefined : String(id);
};
const designName = (context: Record<string, unknown>) => String((context.row as Record<string, unknown> | undefined)?.fullName ?? '');

/** {actionType: 'generatorPreview', id?}: 代码生成's preview of the generated files, with their zip download. */
registerAction('generatorPreview', (action, env) => {
  const id = designId(action, env.context);
  if (!id) return;
  env.open((close) => suspended(CodePreview, { id, name: designName(env.context), modelId: env.modelId, onClose: close }));
});
