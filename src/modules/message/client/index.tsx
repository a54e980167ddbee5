import { message } from 'antd';
import { request } from '../../../kernel/client/api/request.js';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { registerPageNode } from '../../../kernel/client/runtime/page/pageNodes.js';
import { AdministratorsNode } from './AdministratorsNode.js';
import { MessageViewer } from './MessageViewer.js';
import { ThirdPartyNode } from './ThirdPartyNode.js';
import { refreshUnread } from './unread.js';
import './words.js';

/**
 * The message centre's client: the actions of the message list (messageRead opens a message and marks it read,
 * messageReadAll marks every one read; both refresh the list and the navbar's count), and the system
 * configuration's nodes thirdPartyConnections (DingTalk and WeCom tests and synchronisation) and
 * sysAdministrators. The navbar bell (NoticeBell) loads on its own, without these.
 */
registerAction('messageRead', (_action, env) => {
  const id = String(env.context.id ?? '');
  if (!id) return;
  env.open((close) => (
    <MessageViewer
      id={id}
      onClose={() => {
        close();
        void env.reload();
        void refreshUnread();
      }}
    />
  ));
});

registerAction('messageReadAll', async (_action, env) => {
  const answer = await request({ url: '/message/Actions/ReadAll', method: 'POST', data: {} });
  void message.success({ content: answer.msg, duration: 1.5 });
  await env.reload();
  await refreshUnread();
});

registerPageNode('thirdPartyConnections', ThirdPartyNode);
registerPageNode('sysAdministrators', AdministratorsNode);
