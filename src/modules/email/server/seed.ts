import type { Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { EmailState } from './mailbox.js';

/** One demo mail (fictitious) from the administrator to the staff user, unread, so the inbox and /emailDetail show something. */
export async function seedEmail(trx: Transaction<DB>): Promise<void> {
  const staff = await trx.selectFrom('base_user').select(['id', 'account']).where('account', '=', 'staff').executeTakeFirst();
  const admin = await trx.selectFrom('base_user').select(['id', 'account', 'real_name']).where('account', '=', 'admin').executeTakeFirst();
  if (!staff || !admin) return;
  const sendId = newId();
  const subject = '试剂库盘点安排';
  const body = '<p>各位好：</p><p>本月 28 日下午对试剂库进行季度盘点，请在此前归还借用的试剂并更新库存记录。（示例数据）</p>';
  await trx.insertInto('base_email_send').values({ id: sendId, user_id: admin.id, recipient: staff.account, subject, body_text: body, attachment: '[]', state: EmailState.sent }).execute();
  await trx
    .insertInto('base_email_receive')
    .values({ id: newId(), user_id: staff.id, send_id: sendId, m_account: staff.account, sender: admin.account, sender_name: admin.real_name, recipient: staff.account, subject, body_text: body, attachment: '[]' })
    .execute();
}
