import type { Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { seedDictionaryTypes } from '../../dictionary/server/public.js';
import { MESSAGE_DATA_TYPES } from './dataTypes.js';
import { MessageType } from './inbox.js';
import { NoticeState } from './notices.js';

/**
 * Demo notices and templates (fictitious): one released notice every demo user finds unread in their message
 * list, one draft waiting for release, and the templates the workflow's notifications would be sent with.
 */
const ADMIN = 'user-admin';

export async function seedMessages(trx: Transaction<DB>): Promise<void> {
  await seedMessageDictionaries(trx);
  const released = newId();
  const now = new Date();
  await trx
    .insertInto('base_notice')
    .values([
      {
        id: released,
        title: '实验室安全培训通知',
        body_text: '<p>本周五下午 14:00 在 A 座 301 会议室举行年度实验室安全培训，请各课题组准时参加。（示例数据）</p>',
        category: '2',
        excerpt: '年度实验室安全培训，请准时参加',
        enabled_mark: NoticeState.released,
        creator_user_id: ADMIN,
        release_time: now,
        release_user_id: ADMIN,
        last_modify_time: now,
        last_modify_user_id: ADMIN,
      },
      {
        id: newId(),
        title: '危化品库房盘点安排',
        body_text: '<p>下月初将进行危化品库房盘点，盘点期间暂停领用。（示例数据）</p>',
        category: '1',
        excerpt: '盘点期间暂停领用',
        enabled_mark: NoticeState.draft,
        creator_user_id: ADMIN,
      },
    ])
    .execute();
  const users = await trx.selectFrom('base_user').select('id').where('enabled_mark', '=', 1).execute();
  if (users.length) {
    await trx
      .insertInto('base_message')
      .values(users.map((u) => ({ id: newId(), user_id: u.id, type: MessageType.notice, title: '实验室安全培训通知', body_text: '<p>本周五下午 14:00 在 A 座 301 会议室举行年度实验室安全培训，请各课题组准时参加。（示例数据）</p>', notice_id: released, creator_user_id: ADMIN, created_at: now })))
      .execute();
  }

  const templates = [
    { code: 'MBXTLC001', name: '流程待审批', source: '2', title: '{flowName}待您审批', content: '{creatorUserName}提交的{flowName}（{billNo}）待您审批。', params: [['flowName', '流程名称'], ['creatorUserName', '发起人'], ['billNo', '单据编号']] },
    { code: 'MBXTLC002', name: '流程已通过', source: '2', title: '{flowName}已通过', content: '您提交的{flowName}（{billNo}）已审批通过。', params: [['flowName', '流程名称'], ['billNo', '单据编号']] },
    { code: 'MBXTGG001', name: '公告发布', source: '1', title: '{title}', content: '{excerpt}', params: [['title', '公告标题'], ['excerpt', '公告摘要']] },
  ] as const;
  for (const [index, t] of templates.entries()) {
    const id = newId();
    await trx.insertInto('base_msg_template').values({ id, full_name: t.name, en_code: t.code, template_type: '1', message_source: t.source, message_type: '1', title: t.title, content: t.content, sort_code: index, creator_user_id: ADMIN }).execute();
    await trx
      .insertInto('base_msg_template_param')
      .values(t.params.map(([field, fieldName], i) => ({ id: newId(), template_id: id, field, field_name: fieldName, sort_code: i })))
      .execute();
  }
}

/**
 * JNPF's message pages pick message types (msgSendType) and sources (msgSourceType) from the dictionary by code:
 * the same vocabularies as getTypeList (dataTypes.ts), under a 消息中心 type, so the two never differ.
 */
export async function seedMessageDictionaries(trx: Transaction<DB>): Promise<void> {
  const entries = (type: string) => MESSAGE_DATA_TYPES[type]!.map(({ enCode, fullName }) => ({ enCode, fullName }));
  await seedDictionaryTypes(
    trx,
    [
      {
        id: 'dict-type-message',
        // After the dictionary module's own groups.
        sortCode: 10,
        fullName: '消息中心',
        enCode: 'messageCenter',
        isTree: 0,
        entries: [],
        children: [
          { id: 'dict-type-msg-send-type', fullName: '消息类型', enCode: 'msgSendType', isTree: 0, entries: entries('1') },
          { id: 'dict-type-msg-source-type', fullName: '消息来源', enCode: 'msgSourceType', isTree: 0, entries: entries('4') },
        ],
      },
    ],
    '-1',
  );
}
