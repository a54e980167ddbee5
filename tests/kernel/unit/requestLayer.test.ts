import { describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { RequestError, bypassesCodeCheck, createRequest, timeoutFor } from '../../../src/kernel/client/api/createRequest.js';

/** A transport that records what the layer sent and answers what the test says. */
function transport(answer: (config: InternalAxiosRequestConfig) => { status?: number; data: unknown } | Error) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    const result = answer(config);
    if (result instanceof Error) throw result;
    const response = { data: result.data, status: result.status ?? 200, statusText: '', headers: {}, config };
    if (response.status >= 400) throw new AxiosError('HTTP error', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  return { adapter, sent };
}

function setup(answer: Parameters<typeof transport>[0], token: string | null = 'bearer abc') {
  const { adapter, sent } = transport(answer);
  const deps = {
    getToken: () => token,
    getLanguageTag: () => 'zh-CN',
    showError: vi.fn(),
    endSession: vi.fn(),
    passwordChangeRequired: vi.fn(),
    requestStarted: vi.fn(),
    requestFinished: vi.fn(),
    adapter,
  };
  return { ...createRequest(deps), deps, sent };
}

const ok = (data: unknown = null) => ({ data: { code: 200, msg: '', data } });

describe('the client request layer', () => {
  it('sends to /api with the token, the pc origin, the language and a timestamp', async () => {
    const { request, sent } = setup(() => ok({ x: 1 }));
    const before = Math.floor(Date.now() / 1000);
    const answer = await request({ url: '/oauth/CurrentUser' });
    expect(answer).toEqual({ code: 200, msg: '', data: { x: 1 } });
    const config = sent[0];
    expect(config.baseURL).toBe('/api');
    expect(config.headers.get('Authorization')).toBe('bearer abc');
    expect(config.headers.get('jnpf-origin')).toBe('pc');
    expect(config.headers.get('Accept-Language')).toBe('zh-CN');
    expect(config.params.n).toBeGreaterThanOrEqual(before);
  });

  it('sends no Authorization header without a token', async () => {
    const { request, sent } = setup(() => ok(), null);
    await request({ url: '/oauth/getConfig/admin' });
    expect(sent[0].headers.get('Authorization')).toBeUndefined();
  });

  it('puts a GET payload in the query and a POST payload in the body, form-encoded when asked', async () => {
    const { request, sent } = setup(() => ok());
    await request({ url: '/system/DictionaryData/1', data: { keyword: '纯', isTree: 1 } });
    expect(sent[0].params).toMatchObject({ keyword: '纯', isTree: 1 });
    expect(sent[0].data).toBeUndefined();
    await request({ url: '/oauth/Login', method: 'POST', form: true, data: { account: 'a b', password: 'x' } });
    expect(sent[1].data).toBe('account=a+b&password=x');
    expect(String(sent[1].headers.get('Content-Type'))).toContain('application/x-www-form-urlencoded');
    await request({ url: '/system/BillRule', method: 'POST', data: { fullName: 'n' } });
    expect(JSON.parse(sent[2].data)).toEqual({ fullName: 'n' });
  });

  it('toasts the message of a refused call for 3 seconds and rejects', async () => {
    const { request, deps } = setup(() => ({ data: { code: 400, msg: '名称不能为空', data: null } }));
    await expect(request({ url: '/system/BillRule', method: 'POST' })).rejects.toBeInstanceOf(RequestError);
    expect(deps.showError).toHaveBeenCalledWith('名称不能为空', 3000);
    expect(deps.endSession).not.toHaveBeenCalled();
  });

  it('falls back to 请求出错，请重试 for an empty message, a network failure, or a non-envelope answer', async () => {
    const empty = setup(() => ({ data: { code: 500, msg: '', data: null } }));
    await expect(empty.request({ url: '/x' })).rejects.toThrow('请求出错，请重试');
    expect(empty.deps.showError).toHaveBeenCalledWith('请求出错，请重试', 3000);
    const network = setup(() => new AxiosError('Network Error', 'ERR_NETWORK'));
    await expect(network.request({ url: '/x' })).rejects.toThrow('请求出错，请重试');
    const html = setup(() => ({ data: '<html>proxy error</html>' }));
    await expect(html.request({ url: '/x' })).rejects.toThrow('请求出错，请重试');
  });

  it('reads an envelope carried by an HTTP error status', async () => {
    const { request, deps } = setup(() => ({ status: 503, data: { code: 503, msg: '数据库暂时不可用，请稍后重试', data: null } }));
    await expect(request({ url: '/health' })).rejects.toThrow('数据库暂时不可用');
    expect(deps.showError).toHaveBeenCalledWith('数据库暂时不可用，请稍后重试', 3000);
  });

  it('opens the forced password change on code 605 instead of a toast, keeping the session', async () => {
    const { request, deps } = setup(() => ({ data: { code: 605, msg: '请先修改初始密码', data: null } }));
    await expect(request({ url: '/message' })).rejects.toBeInstanceOf(RequestError);
    expect(deps.passwordChangeRequired).toHaveBeenCalledTimes(1);
    expect(deps.showError).not.toHaveBeenCalled();
    expect(deps.endSession).not.toHaveBeenCalled();
  });

  it.each([600, 601, 602])('ends the session on code %i', async (code) => {
    const { request, deps } = setup(() => ({ data: { code, msg: '请重新登录', data: null } }));
    await expect(request({ url: '/oauth/CurrentUser' })).rejects.toBeInstanceOf(RequestError);
    expect(deps.endSession).toHaveBeenCalledTimes(1);
  });

  it('does not end the session for the sign-in and lock-screen calls, and hands sign-in the raw answer', async () => {
    const answer = { code: 600, msg: 'x', data: { captchaRequired: true } };
    const { request, deps } = setup(() => ({ data: answer }));
    await expect(request({ url: '/oauth/Login', method: 'POST' })).rejects.toEqual(answer);
    await expect(request({ url: '/oauth/LockScreen', method: 'POST' })).rejects.toBeInstanceOf(RequestError);
    await expect(request({ url: '/oauth/UnlockScreen', method: 'POST' })).rejects.toBeInstanceOf(RequestError);
    expect(deps.endSession).not.toHaveBeenCalled();
  });

  it('lets the data-source test and online-development config calls read their own codes', async () => {
    const { request, deps } = setup(() => ({ data: { code: 400, msg: '连接失败', data: null } }));
    await expect(request({ url: '/system/DataSource/Actions/Test', method: 'POST' })).resolves.toMatchObject({ code: 400 });
    await expect(request({ url: '/visualdev/OnlineDev/123/Config' })).resolves.toMatchObject({ code: 400 });
    expect(deps.showError).not.toHaveBeenCalled();
    expect(bypassesCodeCheck('/visualdev/OnlineDev/123/List')).toBe(false);
  });

  it('counts requests in flight for the loading mask, also when they fail', async () => {
    const { request, deps } = setup((config) => (config.url === '/bad' ? new Error('down') : ok()));
    await request({ url: '/good' });
    await expect(request({ url: '/bad' })).rejects.toThrow();
    expect(deps.requestStarted).toHaveBeenCalledTimes(2);
    expect(deps.requestFinished).toHaveBeenCalledTimes(2);
  });

  it('gives the slow third-party URLs 100 s and the rest the configured default', async () => {
    for (const url of ['/system/SynThirdInfo/getSynThirdTotal/1', '/extend/Email/Receive', '/permission/Authority/Data/1', '/x/DataSync/Actions/Execute']) {
      expect(timeoutFor(url)).toBe(100000);
    }
    expect(timeoutFor('/oauth/CurrentUser')).toBe(1000000);
    const { request, sent } = setup(() => ok());
    await request({ url: '/system/SynThirdInfo/getSynThirdTotal/1' });
    expect(sent[0].timeout).toBe(100000);
  });
});
