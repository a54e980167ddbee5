import { Drawer, message, Modal } from 'antd';
import { MOBILE_BREAKPOINT } from '../../../../../shared/constants.js';
import { callScreenApi, downloadFile } from '../pageApi.js';
import { PageNode } from '../pageNodes.js';
import { registerAction, runAction, type ActionEnv } from '../actions.js';
import { textOf, type ActionSpec, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { fillCall, fillDeep, fillText, fillValue, withQuery } from '../template.js';

/**
 * The built-in actions. A request that the server refuses has been shown by the request layer; the action stops
 * there, so a refused save reloads nothing.
 */

/**
 * {actionType: 'request', api, reload?, then?}: calls the server, shows its answer, reloads unless reload is false,
 * then runs `then` when given (a badge to refresh after a void), one action or several in order, with the
 * answer's data as {answer} in their context (the new order's {answer.id} to open).
 */
registerAction('request', async (action, env) => {
  const answer = await callScreenApi(fillCall(action.api as ScreenCall, env.context));
  void message.success({ content: answer.msg || env.t('page.ok'), duration: 1.5 });
  if (action.reload !== false) await env.reload();
  await runThen(action.then, { ...env, context: { ...env.context, answer: answer.data } });
});

/** `then` of an action: nothing, one action, or a list run one after the other in the given environment. */
export async function runThen(then: unknown, env: ActionEnv): Promise<void> {
  for (const next of Array.isArray(then) ? then : then ? [then] : []) await runAction(next as ActionSpec, env);
}

/** {actionType: 'confirm', text?, then}: asks first, then runs `then`. */
registerAction('confirm', (action, env) => {
  Modal.confirm({
    title: env.t('page.confirmTitle'),
    content: textOf(action.text as Text | undefined, env.language) || env.t('page.removeConfirm'),
    okText: env.t('page.ok'),
    cancelText: env.t('page.cancel'),
    onOk: () => env.run(action.then as ActionSpec),
  });
});

/** {actionType: 'download', api}: the call answers {url, name} of a file the server made. */
registerAction('download', async (action, env) => {
  const { data } = await callScreenApi<{ url: string; name: string }>(fillCall(action.api as ScreenCall, env.context));
  await downloadFile(data.url, data.name);
});

registerAction('reload', (_action, env) => env.reload());

/**
 * {actionType: 'link', url, query?, blank?}: a path of this application opens in the workspace, a web address in a
 * new window; any other scheme (javascript:, data:) is refused. `query` adds parameters, filled from the context;
 * an object or list among them travels as JSON (spec 000 §2's /fromMall?fromMallParamObj=…). `screen` names the
 * screen a fixed page at that path shows, which the server then lets whoever reached this one open (screenAccess.ts).
 */
registerAction('link', (action, env) => {
  const url = withQuery(String(fillValue(action.url, env.context) ?? ''), action.query ? (fillDeep(action.query, env.context) as Record<string, unknown>) : undefined);
  if (url.startsWith('/') && !url.startsWith('//') && !action.blank) return env.navigate(url);
  if (url.startsWith('/') || /^https?:\/\//i.test(url)) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  void message.error({ content: env.t('page.badLink'), duration: 3 });
});

/** The scope a dialog's or drawer's body gets: the opener's context and reload, and its own close. */
/** An overlay's title may name the opener's context ('{row.name}': the item a drawer shows). */
const titleOf = (action: ActionSpec, env: ActionEnv) => fillText(textOf(action.title as Text | undefined, env.language), env.context);

const overlayScope = (env: ActionEnv, close: () => void) => ({ context: env.context, modelId: env.modelId, reload: env.reload, close });

/** {actionType: 'dialog', title?, width?, body}: any page node in a modal (a form node saves and closes it). */
registerAction('dialog', (action, env) => {
  env.open((close) => (
    <Modal open title={titleOf(action, env)} width={(action.width as number | undefined) ?? 600} footer={null} onCancel={close} destroyOnHidden maskClosable={false}>
      <PageNode node={action.body as PageNodeSpec} scope={overlayScope(env, close)} />
    </Modal>
  ));
});

/** A drawer takes the whole width of a phone (spec 000 §2: mobile under 992 px). */
const onPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches;

/** {actionType: 'drawer', title?, width?, body}: the same in a drawer from the right, the full width on a phone. */
registerAction('drawer', (action, env) => {
  env.open((close) => (
    <Drawer open title={titleOf(action, env)} width={onPhone() ? '100%' : ((action.width as number | undefined) ?? 700)} onClose={close} destroyOnHidden>
      <PageNode node={action.body as PageNodeSpec} scope={overlayScope(env, close)} />
    </Drawer>
  ));
});
