import { Drawer, message, Modal } from 'antd';
import { MOBILE_BREAKPOINT } from '../../../../shared/constants.js';
import { callScreenApi, downloadFile } from '../pageApi.js';
import { PageNode } from '../pageNodes.js';
import { registerAction, type ActionEnv } from '../actions.js';
import { textOf, type ActionSpec, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { fillCall, fillValue } from '../template.js';

/**
 * The built-in actions. A request that the server refuses has been shown by the request layer; the action stops
 * there, so a refused save reloads nothing.
 */

/**
 * {actionType: 'request', api, reload?, then?}: calls the server, shows its answer, reloads unless reload is false,
 * then runs `then` when given (a badge to refresh after a void).
 */
registerAction('request', async (action, env) => {
  const answer = await callScreenApi(fillCall(action.api as ScreenCall, env.context));
  void message.success({ content: answer.msg || env.t('page.ok'), duration: 1.5 });
  if (action.reload !== false) await env.reload();
  if (action.then) await env.run(action.then as ActionSpec);
});

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
 * {actionType: 'link', url, blank?}: a path of this application opens in the workspace, a web address in a new
 * window; any other scheme (javascript:, data:) is refused.
 */
registerAction('link', (action, env) => {
  const url = String(fillValue(action.url, env.context) ?? '');
  if (url.startsWith('/') && !url.startsWith('//') && !action.blank) return env.navigate(url);
  if (url.startsWith('/') || /^https?:\/\//i.test(url)) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  void message.error({ content: env.t('page.badLink'), duration: 3 });
});

/** The scope a dialog's or drawer's body gets: the opener's context and reload, and its own close. */
const overlayScope = (env: ActionEnv, close: () => void) => ({ context: env.context, modelId: env.modelId, reload: env.reload, close });

/** {actionType: 'dialog', title?, width?, body}: any page node in a modal (a form node saves and closes it). */
registerAction('dialog', (action, env) => {
  env.open((close) => (
    <Modal open title={textOf(action.title as Text | undefined, env.language)} width={(action.width as number | undefined) ?? 600} footer={null} onCancel={close} destroyOnHidden maskClosable={false}>
      <PageNode node={action.body as PageNodeSpec} scope={overlayScope(env, close)} />
    </Modal>
  ));
});

/** A drawer takes the whole width of a phone (spec 000 §2: mobile under 992 px). */
const onPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches;

/** {actionType: 'drawer', title?, width?, body}: the same in a drawer from the right, the full width on a phone. */
registerAction('drawer', (action, env) => {
  env.open((close) => (
    <Drawer open title={textOf(action.title as Text | undefined, env.language)} width={onPhone() ? '100%' : ((action.width as number | undefined) ?? 700)} onClose={close} destroyOnHidden>
      <PageNode node={action.body as PageNodeSpec} scope={overlayScope(env, close)} />
    </Drawer>
  ));
});
