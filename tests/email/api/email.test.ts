import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

/** In-app mail (JNPF's /api/extend/Email): send, inbox, the mail /emailDetail shows, marks, drafts and deletion. */
describe.each(testDatabases())('mail on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const EMAIL = '/api/extend/Email';
  const count = async (table: 'base_email_send' | 'base_email_receive') =>
    Number((await suite.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('delivers a mail to each recipient\'s own inbox; opening it marks it read for that recipient only', async () => {
    const lina = await suite.tokenOf('lina');
    const attachment = [{ fileId: 'f1.pdf', fileName: '盘点表.pdf', fileSize: 1024 }];
    const sent = await call(suite.staff, 'POST', EMAIL, { recipient: 'lina', cc: 'ZHANGWEI', bcc: 'wangfang', subject: '借用试剂归还', bodyText: '<p>请周五前归还乙腈。</p>', attachment: JSON.stringify(attachment) });
    expect(sent).toMatchObject({ code: 200, msg: '发送成功' });

    const inbox = (await call(lina, 'GET', `${EMAIL}?type=inBox&keyword=借用`)).data;
    expect(inbox.pagination.total).toBe(1);
    expect(inbox.list[0]).toMatchObject({ subject: '借用试剂归还', isRead: 0, starred: 0 });
    const id = inbox.list[0].id;
    expect((await call(lina, 'GET', '/api/visualdev/Dashboard/Email')).data.list.map((m: { id: string }) => m.id)).toContain(id);

    const info = (await call(lina, 'GET', `${EMAIL}/${id}`)).data;
    expect(info).toMatchObject({ isSend: 0, subject: '借用试剂归还', sender: 'staff', mAccount: 'lina', recipient: 'lina', cc: 'ZHANGWEI', bcc: '', bodyText: '<p>请周五前归还乙腈。</p>' });
    expect(JSON.parse(info.attachment)).toEqual(attachment);
    expect(typeof info.date).toBe('number');
    expect((await call(lina, 'GET', `${EMAIL}?type=inBox&keyword=借用`)).data.list[0].isRead).toBe(1);
    expect((await call(lina, 'GET', '/api/visualdev/Dashboard/Email')).data.list).toEqual([]);

    // cc and bcc got their copies; the bcc stays hidden from them all. Another user cannot open lina's copy.
    const wangfang = await suite.tokenOf('wangfang');
    const hidden = (await call(wangfang, 'GET', `${EMAIL}?keyword=借用`)).data.list[0];
    expect((await call(wangfang, 'GET', `${EMAIL}/${hidden.id}`)).data.bcc).toBe('');
    expect((await call(wangfang, 'GET', `${EMAIL}/${id}`)).code).toBe(404);

    // The sender's copy is in the sent box, with the bcc.
    const mine = (await call(suite.staff, 'GET', `${EMAIL}?type=sent`)).data.list.find((m: { subject: string }) => m.subject === '借用试剂归还');
    expect((await call(suite.staff, 'GET', `${EMAIL}/${mine.id}`)).data).toMatchObject({ isSend: 1, bcc: 'wangfang', recipient: 'lina' });

    // Marks, the star box, and deleting one's own copy only.
    expect((await call(lina, 'PUT', `${EMAIL}/${id}/Actions/Star`)).code).toBe(200);
    expect((await call(lina, 'GET', `${EMAIL}?type=star`)).data.list.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await call(lina, 'PUT', `${EMAIL}/${id}/Actions/Unread`)).code).toBe(200);
    expect((await call(lina, 'GET', `${EMAIL}?type=star`)).data.list[0].isRead).toBe(0);
    expect((await call(wangfang, 'PUT', `${EMAIL}/${id}/Actions/Read`)).code).toBe(404);
    expect((await call(lina, 'DELETE', `${EMAIL}/${id}`)).code).toBe(200);
    expect((await call(lina, 'GET', `${EMAIL}/${id}`)).code).toBe(404);
    expect((await call(wangfang, 'GET', `${EMAIL}/${hidden.id}`)).code).toBe(200);
  });

  it('saves a draft, then sends it as the same record', async () => {
    const draft = await call(suite.staff, 'POST', `${EMAIL}/Actions/SaveDraft`, { subject: '草稿：周会纪要', recipient: '' });
    expect(draft.code).toBe(200);
    expect((await call(suite.staff, 'GET', `${EMAIL}?type=draft`)).data.list.map((m: { id: string }) => m.id)).toContain(draft.data.id);
    expect((await call(suite.staff, 'POST', EMAIL, { id: draft.data.id, subject: '周会纪要', recipient: 'lina' })).code).toBe(200);
    expect((await call(suite.staff, 'GET', `${EMAIL}?type=draft`)).data.list.map((m: { id: string }) => m.id)).not.toContain(draft.data.id);
    expect((await call(suite.staff, 'GET', `${EMAIL}/${draft.data.id}`)).data).toMatchObject({ isSend: 1, state: 1, subject: '周会纪要' });
  });

  it('takes the attachments as a file field holds them, and answers them so for a draft’s form', async () => {
    const files = [{ name: '送检清单.txt', fileId: 'a'.repeat(32) + '.txt', fileSize: 36, url: '/api/file/Image/annex/x' }];
    const draft = await call(suite.staff, 'POST', `${EMAIL}/Actions/SaveDraft`, { subject: '送检安排', attachmentFiles: files });
    expect(draft.code, draft.msg).toBe(200);
    const info = (await call(suite.staff, 'GET', `${EMAIL}/${draft.data.id}`)).data;
    // JNPF's string stays as JNPF's clients read it; the list beside it is what the mailbox screen's form edits.
    expect(JSON.parse(info.attachment)).toEqual([{ fileId: files[0].fileId, fileName: '送检清单.txt', fileSize: 36 }]);
    expect(info.attachmentFiles).toEqual([{ name: '送检清单.txt', fileId: files[0].fileId, fileSize: 36, url: '' }]);
    expect((await call(suite.staff, 'POST', `${EMAIL}/Actions/SaveDraft`, { subject: 'x', attachmentFiles: [{ fileId: 'f' }] })).msg).toBe((await call(suite.staff, 'POST', `${EMAIL}/Actions/SaveDraft`, { subject: 'x', attachment: '[{"fileId":"f"}]' })).msg);
  });

  it('refuses bad mail with a translated message and writes nothing', async () => {
    const sends = await count('base_email_send');
    const receipts = await count('base_email_receive');
    const bad = [
      [{ recipient: 'lina', subject: '' }, '请输入主题'],
      [{ recipient: 'lina', subject: 'x'.repeat(201) }, '主题最多为200个字符'],
      [{ recipient: '', subject: '无人' }, '请输入收件人'],
      [{ recipient: 'lina,nobody-here', subject: '有人不存在' }, '收件人不存在或已停用：nobody-here'],
      [{ recipient: 'lina', subject: '附件', attachment: '{not json' }, '附件格式不正确'],
      [{ recipient: 'lina', subject: '附件', attachment: [{ fileName: 'a' }] }, '附件格式不正确'],
    ] as const;
    for (const [body, msg] of bad) expect(await call(suite.staff, 'POST', EMAIL, body), JSON.stringify(body)).toMatchObject({ code: 400, msg });
    const english = await suite.app.inject({ method: 'POST', url: EMAIL, headers: { authorization: suite.staff, 'accept-language': 'en' }, payload: { recipient: 'ghost', subject: 's' } });
    expect(english.json().msg).toBe('No enabled user has the address ghost');
    expect((await call(suite.staff, 'GET', `${EMAIL}?type=trash`)).code).toBe(400);
    expect((await call(suite.staff, 'POST', `${EMAIL}/Receive`)).msg).toBe('你还没有设置邮件的帐户');
    expect(await count('base_email_send')).toBe(sends);
    expect(await count('base_email_receive')).toBe(receipts);
  });
  it('bounds how fast one user sends: past a burst of 20, calls answer 429 in their language and write nothing', async () => {
    const lina = await suite.tokenOf('lina');
    const sends = await count('base_email_send');
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        suite.app.inject({ method: 'POST', url: `${EMAIL}/Actions/SaveDraft`, headers: { authorization: lina, 'accept-language': 'en' }, payload: { recipient: 'staff', subject: `draft ${i}` } }).then((r) => r.json()),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const accepted = answers.filter((a) => a.code === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(accepted).toBeLessThanOrEqual(20 + Math.ceil(seconds * 5));
    expect(answers.find((a) => a.code === 429)).toMatchObject({ msg: 'Too many at once; wait a moment and try again' });
    expect(await count('base_email_send')).toBe(sends + accepted);
    // Another user's bucket is their own.
    expect((await call(suite.staff, 'POST', `${EMAIL}/Actions/SaveDraft`, { recipient: 'lina', subject: 'mine' })).code).toBe(200);
  });
});
