import { act, cleanup, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../src/kernel/client/i18n/index.js';
import { IMPORT_MAX_BYTES, importFileProblem, isBlankRow, leafHeaders } from '../../../src/kernel/client/runtime/page/import/importFile.js';
import type { ImportApi } from '../../../src/kernel/client/runtime/page/import/importApi.js';

/**
 * The generic import dialog step by step against a fake module (the ImportApi the dialog is given), and the
 * calls importApiFor makes for a module path against a fake request layer.
 */
const requests: { url: string; method?: string; data?: unknown }[] = [];
vi.mock('../../../src/kernel/client/api/request.js', () => ({
  request: vi.fn(async (config: { url: string; method?: string; data?: unknown }) => {
    requests.push(config);
    return { code: 200, msg: '', data: { name: 'x.xlsx', url: '/api/file/x' } };
  }),
}));
const downloads: { url: string; name: string }[] = [];
vi.mock('../../../src/kernel/client/runtime/page/pageApi.js', () => ({
  downloadFile: vi.fn(async (url: string, name: string) => void downloads.push({ url, name })),
}));
const { message } = await import('antd');
const { ImportDialog } = await import('../../../src/kernel/client/runtime/page/import/ImportDialog.js');
const { importApiFor, importBase } = await import('../../../src/kernel/client/runtime/page/import/importApi.js');

const headers = [
  { id: 'account', fullName: '账号' },
  { id: 'realName', fullName: '姓名' },
  { id: 'mobilePhone', fullName: '手机' },
];

function fakeApi(overrides: Partial<ImportApi> = {}) {
  const sent: { imported?: unknown[]; failures?: unknown[]; uploaded?: string } = {};
  const api: ImportApi = {
    upload: vi.fn(async (file: File) => {
      sent.uploaded = file.name;
      return { name: 'stored-1.xlsx' };
    }),
    template: vi.fn(async () => ({ name: '用户导入模板.xlsx', url: '/api/file/template' })),
    preview: vi.fn(async () => ({
      headerRow: headers,
      dataRow: [
        { account: 'good1', realName: '甲', mobilePhone: '13800000000' },
        { account: 'bad1', realName: '乙', mobilePhone: '123' },
      ],
    })),
    importData: vi.fn(async (list) => {
      sent.imported = list;
      return { snum: 1, fnum: 1, resultType: 1, failResult: [{ ...list[1], errorsInfo: '第2行 手机：请输入正确的手机号码' }] };
    }),
    failures: vi.fn(async (list) => {
      sent.failures = list;
      return { name: '导入失败数据.xlsx', url: '/api/file/failures' };
    }),
    ...overrides,
  };
  return { api, sent };
}

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const choose = (file: File) => act(async () => void fireEvent.change(fileInput(), { target: { files: [file] } }));
const xlsx = (name = 'users.xlsx', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const step = () => view.getByTestId('import-dialog').getAttribute('data-step');
const later = (check: () => void) => waitFor(check, { timeout: 10_000 });
/**
 * Clicks a footer button once it is usable. Next and Import are one antd Button in two footers (steps 1 and 2):
 * its loading state follows `busy` one effect late, and a click meanwhile is ignored, so a click right after the
 * step changed could be lost on a busy machine.
 */
const press = async (testId: string) => {
  await later(() => expect(view.getByTestId(testId).classList.contains('ant-btn-loading')).toBe(false));
  fireEvent.click(view.getByTestId(testId));
};

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
beforeEach(() => {
  requests.length = 0;
  downloads.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('what the dialog accepts before sending', () => {
  it('takes .xls and .xlsx under 500 KB, refuses other types, larger and empty files', () => {
    expect(importFileProblem({ name: 'a.xlsx', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'A.XLS', size: IMPORT_MAX_BYTES - 1 })).toBeNull();
    expect(importFileProblem({ name: 'a.csv', size: 10 })).toBe('importDialog.wrongType');
    expect(importFileProblem({ name: 'a.xlsx.exe', size: 10 })).toBe('importDialog.wrongType');
    expect(importFileProblem({ name: 'a.xlsx', size: IMPORT_MAX_BYTES })).toBe('importDialog.tooLarge');
    expect(importFileProblem({ name: 'a.xlsx', size: 0 })).toBe('importDialog.emptyFile');
  });

  it('reads nested headers as their leaf columns, and a row of blanks as empty', () => {
    expect(leafHeaders([{ id: 'a', fullName: 'A' }, { id: 't', fullName: 'T', children: [{ id: 't-x', fullName: 'X' }, { id: 't-y', fullName: 'Y' }] }]).map((h) => h.id)).toEqual(['a', 't-x', 't-y']);
    expect(isBlankRow({ a: '', b: null, c: '  ' })).toBe(true);
    expect(isBlankRow({ a: '', b: 0 })).toBe(false);
  });
});

describe('the import dialog', { timeout: 20_000 }, () => {
  it('refuses a wrong file before sending it, with a clear message', async () => {
    const error = vi.spyOn(message, 'error');
    const { api } = fakeApi();
    render(<ImportDialog api={api} onClose={() => undefined} />);
    await choose(xlsx('users.csv'));
    await choose(xlsx('big.xlsx', IMPORT_MAX_BYTES + 1));
    expect(api.upload).not.toHaveBeenCalled();
    expect(error.mock.calls.map(([arg]) => (arg as { content: string }).content)).toEqual(['只能上传 xls 或 xlsx 格式的文件', '文件大小不能超过500KB']);
    expect(view.queryByTestId('import-file')).toBeNull();
  });

  it('will not go on without a file; downloads the template', async () => {
    const warning = vi.spyOn(message, 'warning');
    const { api } = fakeApi();
    render(<ImportDialog api={api} onClose={() => undefined} />);
    await press('import-next');
    expect(warning).toHaveBeenCalledWith(expect.objectContaining({ content: '请先上传文件' }));
    expect(step()).toBe('1');
    fireEvent.click(view.getByTestId('import-template'));
    await later(() => expect(downloads).toEqual([{ url: '/api/file/template', name: '用户导入模板.xlsx' }]));
  });

  it('uploads, previews editable rows, goes back and on, imports the edited rows and shows the failures', async () => {
    const { api, sent } = fakeApi();
    const closed: boolean[] = [];
    render(<ImportDialog api={api} onClose={(imported) => closed.push(imported)} />);
    await choose(xlsx());
    await later(() => expect(view.getByTestId('import-file').textContent).toContain('users.xlsx'));
    expect(sent.uploaded).toBe('users.xlsx');

    await press('import-next');
    await later(() => expect(step()).toBe('2'));
    expect(api.preview).toHaveBeenCalledWith('stored-1.xlsx');
    expect(view.getByTestId('import-preview').textContent).toContain('账号');

    // Back to step 1 keeps the uploaded file; forward again previews it again.
    fireEvent.click(view.getByTestId('import-back'));
    expect(step()).toBe('1');
    expect(view.getByTestId('import-file').textContent).toContain('users.xlsx');
    await press('import-next');
    await later(() => expect(step()).toBe('2'));

    const realName = document.querySelector('[data-cell="0-realName"]') as HTMLInputElement;
    fireEvent.change(realName, { target: { value: '甲改' } });
    await press('import-run');
    await later(() => expect(step()).toBe('3'));
    expect(sent.imported).toEqual([
      { account: 'good1', realName: '甲改', mobilePhone: '13800000000' },
      { account: 'bad1', realName: '乙', mobilePhone: '123' },
    ]);
    const result = view.getByTestId('import-result');
    expect(result.textContent).toContain('成功 1 条，失败 1 条');
    expect(view.getByTestId('import-failure-table').textContent).toContain('第2行 手机：请输入正确的手机号码');

    fireEvent.click(view.getByTestId('import-failures'));
    await later(() => expect(downloads).toEqual([{ url: '/api/file/failures', name: '导入失败数据.xlsx' }]));
    expect(sent.failures).toEqual([{ account: 'bad1', realName: '乙', mobilePhone: '123', errorsInfo: '第2行 手机：请输入正确的手机号码' }]);

    fireEvent.click(view.getByTestId('import-close'));
    expect(closed).toEqual([true]);
  });

  it('removing every row leaves nothing to import: it says so and sends nothing', async () => {
    const warning = vi.spyOn(message, 'warning');
    const { api } = fakeApi();
    render(<ImportDialog api={api} onClose={() => undefined} />);
    await choose(xlsx());
    await later(() => expect(view.getByTestId('import-file')).toBeTruthy());
    await press('import-next');
    await later(() => expect(step()).toBe('2'));
    for (const button of view.getAllByText('删除')) fireEvent.click(button);
    await press('import-run');
    expect(warning).toHaveBeenCalledWith(expect.objectContaining({ content: '导入数据为空' }));
    expect(api.importData).not.toHaveBeenCalled();
    expect(step()).toBe('2');
  });

  it('refuses a preview of more than 1,000 rows', async () => {
    const error = vi.spyOn(message, 'error');
    const { api } = fakeApi({ preview: vi.fn(async () => ({ headerRow: headers, dataRow: Array.from({ length: 1001 }, (_, i) => ({ account: `u${i}` })) })) });
    render(<ImportDialog api={api} onClose={() => undefined} />);
    await choose(xlsx());
    await later(() => expect(view.getByTestId('import-file')).toBeTruthy());
    await press('import-next');
    await later(() => expect(error).toHaveBeenCalledWith(expect.objectContaining({ content: '导入数据最多 1000 条' })));
    expect(step()).toBe('1');
  });

  it('everything imported: a success, no failure list, and the holder is told rows went in', async () => {
    const { api } = fakeApi({ importData: vi.fn(async (list) => ({ snum: list.length, fnum: 0, resultType: 0, failResult: [] })) });
    const closed: boolean[] = [];
    render(<ImportDialog api={api} onClose={(imported) => closed.push(imported)} />);
    await choose(xlsx());
    await later(() => expect(view.getByTestId('import-file')).toBeTruthy());
    await press('import-next');
    await later(() => expect(step()).toBe('2'));
    await press('import-run');
    await later(() => expect(step()).toBe('3'));
    expect(view.getByTestId('import-result').textContent).toContain('导入成功');
    expect(view.queryByTestId('import-failures')).toBeNull();
    fireEvent.click(view.getByTestId('import-close'));
    expect(closed).toEqual([true]);
  });
});

describe('the calls of a module path', () => {
  it('sends the five calls under the module', async () => {
    expect(importBase('/visualdev/OnlineDev/abc/')).toBe('/visualdev/OnlineDev/abc');
    const api = importApiFor('permission/Users');
    await api.upload(xlsx());
    await api.template();
    await api.preview('stored-1.xlsx');
    await api.importData([{ account: 'a' }]);
    await api.failures([{ account: 'a', errorsInfo: 'x' }]);
    expect(requests.map((r) => `${r.method ?? 'GET'} ${r.url}`)).toEqual([
      'POST /permission/Users/Uploader',
      'GET /permission/Users/TemplateDownload',
      'GET /permission/Users/ImportPreview',
      'POST /permission/Users/ImportData',
      'POST /permission/Users/ImportExceptionData',
    ]);
    expect(requests[0].data).toBeInstanceOf(FormData);
    expect(requests[2].data).toEqual({ fileName: 'stored-1.xlsx' });
    expect(requests[3].data).toEqual({ list: [{ account: 'a' }] });
  });
});
