import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { SMS_CODE_LENGTH, SMS_PER_MOBILE_PER_HOUR } from '../../../src/shared/signInLimits.js';

/** The sign-in modes of spec 000 §2 besides the password: mobile verification code and app scan. */
describe.each(testDatabases())('sign-in by SMS code and by app scan on $name', (testDb) => {
  const sent: { mobile: string; code: string }[] = [];
  let failNext = false;
  const suite = apiSuite(testDb, {
    smsSender: {
      send: async (mobile, code) => {
        if (failNext) {
          failNext = false;
          throw new Error('gateway down');
        }
        sent.push({ mobile, code });
      },
    },
  });
  const STAFF_MOBILE = '13800000001';

  const form = (fields: Record<string, string>) =>
    suite.app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'password', ...fields }).toString() }).then((r) => r.json());
  const backdate = (mobile: string, seconds: number) =>
    suite.database.db.updateTable('auth_sms_code').set({ created_at: new Date(Date.now() - seconds * 1000) }).where('mobile', '=', mobile).execute();

  it('sends a code through the sender, signs in with it once, and refuses a wrong or reused one', async () => {
    const answer = await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile: STAFF_MOBILE });
    expect(answer).toMatchObject({ code: 200, msg: '验证码已发送', data: { resendAfterSeconds: 60 } });
    const code = sent.at(-1)!;
    expect(code.mobile).toBe(STAFF_MOBILE);
    expect(code.code).toMatch(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`));

    const wrong = code.code === '000000' ? '111111' : '000000';
    expect(await form({ origin: 'sms', account: STAFF_MOBILE, code: wrong })).toMatchObject({ code: 400, msg: '短信验证码错误或已过期' });
    const ok = await form({ origin: 'sms', account: STAFF_MOBILE, code: code.code });
    expect(ok.code).toBe(200);
    const me = await suite.call(ok.data.token, 'GET', '/api/oauth/CurrentUser');
    expect(me.data.userInfo.userAccount).toBe('staff');
    expect(await form({ origin: 'sms', account: STAFF_MOBILE, code: code.code })).toMatchObject({ code: 400, msg: '短信验证码错误或已过期' });
  });

  it('makes a resend wait 60 s, caps codes per number, and answers an unknown number the same without sending', async () => {
    const mobile = '13800000000'; // admin
    expect((await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile })).code).toBe(200);
    const again = await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile });
    expect(again).toMatchObject({ code: 400, msg: expect.stringMatching(/请 (59|60) 秒后再重新发送/) });
    for (let i = 1; i < SMS_PER_MOBILE_PER_HOUR; i += 1) {
      await backdate(mobile, 61);
      expect((await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile })).code).toBe(200);
    }
    await backdate(mobile, 61);
    expect(await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile })).toMatchObject({ code: 400, msg: '该号码获取验证码过于频繁，请一小时后再试' });

    const before = sent.length;
    expect(await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile: '13999999999' })).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(sent.length).toBe(before);
    expect(await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile: '12345' })).toMatchObject({ code: 400, msg: '请输入正确的手机号码' });
  });

  it('spends a code after five wrong guesses and refuses an expired one', async () => {
    const mobile = '13900000001'; // a sub-account's number: sub-accounts sign in as mobile@account, not by SMS
    const sentBefore = sent.length;
    expect((await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile })).code).toBe(200);
    expect(sent.length).toBe(sentBefore);
    const target = '13700000003';
    await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile: target });
    const { code } = sent.at(-1)!;
    for (let i = 0; i < 5; i += 1) await form({ origin: 'sms', account: target, code: code === '000000' ? '111111' : '000000' });
    expect((await form({ origin: 'sms', account: target, code })).code).toBe(400);

    await backdate(target, 61);
    await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile: target });
    await suite.database.db.updateTable('auth_sms_code').set({ expires_at: new Date(Date.now() - 1000) }).where('mobile', '=', target).execute();
    expect((await form({ origin: 'sms', account: target, code: sent.at(-1)!.code })).code).toBe(400);
  });

  it('signs in by a scan ticket that the mobile app confirms, once', async () => {
    const created = await suite.call('', 'POST', '/api/oauth/ScanTicket');
    const { ticket, secret, content } = created.data;
    expect(content).toBe(`labcode://scan-login?ticket=${ticket}`);
    expect((await suite.call('', 'GET', `/api/oauth/ScanTicket/${ticket}`)).data.status).toBe('waiting');
    expect(await form({ origin: 'scan', ticket, ticket_secret: secret })).toMatchObject({ code: 400, msg: '二维码已失效，请刷新后重新扫描' });
    // Confirming needs the app's own session.
    expect((await suite.call('', 'POST', `/api/oauth/ScanTicket/${ticket}/Confirm`)).code).toBe(600);
    expect((await suite.call(suite.staff, 'POST', `/api/oauth/ScanTicket/${ticket}/Scan`)).code).toBe(200);
    expect((await suite.call('', 'GET', `/api/oauth/ScanTicket/${ticket}`)).data.status).toBe('scanned');
    expect((await suite.call(suite.staff, 'POST', `/api/oauth/ScanTicket/${ticket}/Confirm`)).code).toBe(200);
    expect((await suite.call('', 'GET', `/api/oauth/ScanTicket/${ticket}`)).data.status).toBe('confirmed');

    // Someone who only saw the QR code (the ticket) cannot take the session; a wrong secret spends nothing.
    expect((await form({ origin: 'scan', ticket })).code).toBe(400);
    expect((await form({ origin: 'scan', ticket, ticket_secret: 'y'.repeat(43) })).code).toBe(400);
    const signedIn = await form({ origin: 'scan', ticket, ticket_secret: secret });
    expect(signedIn.code).toBe(200);
    expect((await suite.call(signedIn.data.token, 'GET', '/api/oauth/CurrentUser')).data.userInfo.userAccount).toBe('staff');
    expect((await form({ origin: 'scan', ticket, ticket_secret: secret })).code).toBe(400);
    expect((await suite.call('', 'GET', `/api/oauth/ScanTicket/${ticket}`)).data.status).toBe('expired');
    expect((await suite.call('', 'GET', '/api/oauth/ScanTicket/not-a-ticket')).data.status).toBe('expired');
    expect((await suite.call(suite.staff, 'POST', '/api/oauth/ScanTicket/not-a-ticket/Confirm')).code).toBe(400);
  });

  it('refuses a number two accounts share, and leaves no trace of a code the sender could not send', async () => {
    const db = suite.database.db;
    await db.updateTable('base_user').set({ mobile: '13800000077' }).where('account', 'in', ['lina', 'wangfang']).execute();
    expect(await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile: '13800000077' })).toMatchObject({ code: 400, msg: '该手机号对应多个账号，请使用账号密码登录' });

    failNext = true;
    const mobile = '13700000007'; // chenjing
    expect(await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile })).toMatchObject({ code: 503, msg: '短信发送失败，请稍后重试' });
    expect(await db.selectFrom('auth_sms_code').select('id').where('mobile', '=', mobile).execute()).toEqual([]);
    expect((await suite.call('', 'POST', '/api/oauth/SmsCode', { mobile })).code).toBe(200);
  });

  it('refuses the keycloak grant when no identity provider is configured, and says SSO is off', async () => {
    expect(await form({ grant_type: 'keycloak', origin: 'sso', ticket: 'x'.repeat(43) })).toMatchObject({ code: 400, msg: '单点登录尚未配置' });
    expect((await suite.call('', 'GET', '/api/oauth/LoginSettings')).data).toMatchObject({ ssoEnabled: false, company: 'LabCode 开发团队' });
    const redirect = await suite.app.inject({ method: 'GET', url: '/api/oauth/sso/authorize?redirect=/home' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/sso?error=notConfigured&redirect=%2Fhome');
  });
});
