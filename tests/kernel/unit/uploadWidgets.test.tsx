import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from 'antd';
import { UploadField } from '../../../registry/components/UploadField.js';
import { UploadImage } from '../../../registry/components/UploadImage.js';
import { UploadPanel } from '../../../registry/components/UploadPanel.js';
import { acceptText, checkSelectedFile } from '../../../registry/components/UploadChecks.js';
import { WidgetServicesContext, type FileServices, type StoredFile, type UploadSession, type UploadTaskView, type WidgetServices } from '../../../registry/components/services.js';
import { setWidgetLanguage } from '../../../registry/widgetText.js';
import { ChunkUploader } from '../../../src/kernel/client/upload/chunkUploader.js';
import type { ChunkTransport } from '../../../src/kernel/client/upload/chunkTransport.js';

/** The upload widgets against fake file services: every message of spec 001 §5, the panel's states and actions. */
const MB = 1048576;
const fileOf = (name: string, size: number, type = '') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

function fakeFiles(overrides: Partial<FileServices> = {}, transport?: Partial<ChunkTransport>) {
  const sessions: ChunkUploader[] = [];
  const calls = { downloads: [] as string[], packs: [] as unknown[], images: [] as string[] };
  const files: FileServices = {
    createUploadSession: ({ onSuccess, onFailure, ...completion }) => {
      const session = new ChunkUploader({
        transport: {
          testChunk: async () => ({ uploaded: false, chunkNumbers: [], merge: false }),
          sendChunk: async () => undefined,
          merge: async (payload) => ({ name: payload.fileName, fileId: `${payload.identifier}.${payload.extension}`, url: '/x' }),
          ...transport,
        },
        hash: async () => 'f'.repeat(32),
        completion,
        retryDelayMs: 0,
        onSuccess,
        onFailure,
      });
      sessions.push(session);
      return session;
    },
    uploadImage: async (file) => (calls.images.push(file.name), { name: `id-${file.name}`, url: `/api/file/Image/annexpic/id-${file.name}` }),
    downloadUrl: async (_type, fileId) => (calls.downloads.push(fileId), `/api/file/Download?encryption=${fileId}`),
    packDownload: async (_type, list) => (calls.packs.push(list), { url: '/api/file/Download?encryption=pack', name: 'files.zip' }),
    preview: async () => null,
    ...overrides,
  };
  return { files, sessions, calls };
}

function renderWith(element: React.ReactElement, files: FileServices | undefined) {
  const services: Partial<WidgetServices> = { files };
  return render(<WidgetServicesContext.Provider value={services as WidgetServices}>{element}</WidgetServicesContext.Provider>);
}

/** What the widgets said through antd's message, read off the calls: the toasts' DOM outlives a test in the test DOM. */
const said = () => [message.error, message.warning].flatMap((spy) => vi.mocked(spy).mock.calls.map(([config]) => (typeof config === 'object' && config && 'content' in config ? String(config.content) : String(config))));
const toast = (text: string) => waitFor(() => expect(said()).toContain(text));
const choose = (container: HTMLElement, ...chosen: File[]) =>
  fireEvent.change(container.querySelector('[data-testid=upload-input], [data-testid=upload-image-input]')!, { target: { files: chosen } });

beforeEach(() => {
  setWidgetLanguage('zh');
  // Read off the calls, never shown: a shown toast closes on a timer of its own, which could fire after the file's
  // DOM is gone ("window is not defined", an unhandled error that fails the run).
  vi.spyOn(message, 'error').mockImplementation(() => (() => undefined) as never);
  vi.spyOn(message, 'warning').mockImplementation(() => (() => undefined) as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  message.destroy();
});

describe('selection checks (spec 001 §5)', () => {
  it('counts, sizes in KB, MB and GB (a file of exactly the limit is over), types by extension and mime group', () => {
    expect(checkSelectedFile(fileOf('a.txt', 1), { count: 2, limit: 2 })).toBe('当前限制最多可以上传2个文件');
    expect(checkSelectedFile(fileOf('a.txt', 1), { count: 2, limit: 2, image: true })).toBe('当前限制最多可以上传2张图片');
    expect(checkSelectedFile(fileOf('a.txt', 1), { count: 5, limit: 0 })).toBeUndefined();
    expect(checkSelectedFile(fileOf('a.txt', 500 * 1024), { count: 0, fileSize: 500, sizeUnit: 'KB' })).toBe('文件大小超过500KB');
    expect(checkSelectedFile(fileOf('a.txt', 500 * 1024 - 1), { count: 0, fileSize: 500, sizeUnit: 'KB' })).toBeUndefined();
    expect(checkSelectedFile(fileOf('a.txt', 3 * MB), { count: 0, fileSize: 2 })).toBe('文件大小超过2MB');
    expect(checkSelectedFile(fileOf('a.txt', 2 * 1073741824), { count: 0, fileSize: 1, sizeUnit: 'GB' })).toBe('文件大小超过1GB');
    expect(checkSelectedFile(fileOf('a.png', 11 * MB), { count: 0, fileSize: 10, image: true })).toBe('图片大小超过10MB');
    expect(checkSelectedFile(fileOf('a.pdf', 1), { count: 0, image: true })).toBe('请上传图片');
    expect(checkSelectedFile(fileOf('a.exe', 1), { count: 0, accept: '.pdf,.docx' })).toBe('请选择pdf、docx类型的文件');
    expect(checkSelectedFile(fileOf('a.DOCX', 1), { count: 0, accept: '.pdf,.docx' })).toBeUndefined();
    expect(checkSelectedFile(fileOf('a.bin', 1), { count: 0, accept: 'image/*,video/*' })).toBe('请选择图片、视频类型的文件');
    expect(checkSelectedFile(fileOf('a.webp', 1), { count: 0, accept: 'image/*' })).toBeUndefined();
    expect(checkSelectedFile(fileOf('clip', 1, 'audio/mpeg'), { count: 0, accept: 'audio/*' })).toBeUndefined();
    expect(checkSelectedFile(fileOf('any.xyz', 1), { count: 0, accept: '' })).toBeUndefined();
  });

  it('speaks the field language', () => {
    setWidgetLanguage('en');
    expect(acceptText('image/*,.pdf')).toBe('image, pdf');
    expect(checkSelectedFile(fileOf('a.txt', 3 * MB), { count: 0, fileSize: 2 })).toBe('The file is larger than 2MB');
    setWidgetLanguage('zhtw');
    expect(checkSelectedFile(fileOf('a.txt', 1), { count: 1, limit: 1 })).toBe('目前限制最多可以上傳1個檔案');
  });
});

describe('the file upload field (uploadFz)', () => {
  it('shows the count message when the button is pressed at the limit, and the size and type messages on selection', async () => {
    const { files, sessions } = fakeFiles();
    const stored: StoredFile[] = [{ name: 'a.pdf', fileId: 'a', url: '/a' }];
    const view = renderWith(<UploadField value={stored} onChange={() => undefined} limit={1} fileSize={1} sizeUnit="MB" accept=".pdf" />, files);
    fireEvent.click(screen.getByTestId('upload-button'));
    await toast('当前限制最多可以上传1个文件');
    view.unmount();
    message.destroy();

    const again = renderWith(<UploadField value={[]} onChange={() => undefined} fileSize={1} sizeUnit="MB" accept=".pdf" />, files);
    choose(again.container, fileOf('big.pdf', 2 * MB));
    await toast('文件大小超过1MB');
    choose(again.container, fileOf('notes.txt', 10));
    await toast('请选择pdf类型的文件');
    expect(sessions.at(-1)!.tasks()).toHaveLength(0);
    expect((again.container.querySelector('[data-testid=upload-input]') as HTMLInputElement).multiple).toBe(true);
  });

  it('takes one file at a time when limit is 1, and counts files still uploading against the limit', async () => {
    const { files, sessions } = fakeFiles({}, { sendChunk: () => new Promise(() => undefined) });
    const view = renderWith(<UploadField value={[]} onChange={() => undefined} limit={2} />, files);
    choose(view.container, fileOf('1.txt', 10), fileOf('2.txt', 10), fileOf('3.txt', 10));
    await toast('当前限制最多可以上传2个文件');
    expect(sessions.at(-1)!.tasks().map((task) => task.name)).toEqual(['1.txt', '2.txt']);
    view.unmount();
    const single = renderWith(<UploadField value={[]} onChange={() => undefined} limit={1} />, files);
    expect((single.container.querySelector('[data-testid=upload-input]') as HTMLInputElement).multiple).toBe(false);
  });

  it('uploads through the session, adds the stored item to the value, and shows 上传成功', async () => {
    const { files } = fakeFiles();
    const onChange = vi.fn();
    const view = renderWith(<UploadField value={[]} onChange={onChange} />, files);
    choose(view.container, fileOf('report.pdf', 10, 'application/pdf'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ name: 'report.pdf', fileId: `${'f'.repeat(32)}.pdf`, url: '/x' }]));
    await waitFor(() => expect(screen.getByTestId('upload-task').textContent).toContain('上传成功'));
  });

  it('says 上传失败 after the retries and offers retry; a refused completion shows the server message', async () => {
    const failing = fakeFiles({}, { sendChunk: async () => Promise.reject(new Error('down')) });
    const view = renderWith(<UploadField value={[]} onChange={() => undefined} />, failing.files);
    choose(view.container, fileOf('a.txt', 10));
    await waitFor(() => expect(screen.getByTestId('upload-task').getAttribute('data-status')).toBe('error'));
    expect(screen.getByTestId('upload-task').textContent).toContain('上传失败');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    view.unmount();

    const { UploadRefusedError } = await import('../../../src/kernel/client/upload/chunkTransport.js');
    const refused = fakeFiles({}, { merge: async () => Promise.reject(new UploadRefusedError('文件内容与扩展名不符')) });
    const second = renderWith(<UploadField value={[]} onChange={() => undefined} />, refused.files);
    choose(second.container, fileOf('b.txt', 10));
    await toast('文件内容与扩展名不符');
    await waitFor(() => expect(screen.queryByTestId('upload-task')).toBeNull());
  });

  it('tells the user when a file cannot be read', async () => {
    const { files } = fakeFiles();
    const unreadable: FileServices = {
      ...files,
      createUploadSession: (options) => new ChunkUploader({ transport: {} as ChunkTransport, hash: () => Promise.reject(new Error('NotReadableError')), completion: options, onFailure: options.onFailure, onSuccess: options.onSuccess }),
    };
    const view = renderWith(<UploadField value={[]} onChange={() => undefined} />, unreadable);
    choose(view.container, fileOf('gone.txt', 10));
    await toast('文件gone.txt读取出错，请检查该文件');
  });

  it('downloads one file, packs all, says 未发现文件 for none, and 文件不存在 for a missing preview', async () => {
    const { files, calls } = fakeFiles();
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const stored: StoredFile[] = [{ name: 'a.pdf', fileId: 'a.pdf', url: '/a' }, { name: 'b.txt', fileId: 'b.txt', url: '/b' }];
    const view = renderWith(<UploadField value={stored} onChange={() => undefined} />, files);
    fireEvent.click(screen.getAllByRole('button', { name: '下载' })[1]);
    await waitFor(() => expect(calls.downloads).toEqual(['b.txt']));
    fireEvent.click(screen.getByTestId('upload-download-all'));
    await waitFor(() => expect(calls.packs).toEqual([[{ fileId: 'a.pdf', fileName: 'a.pdf' }, { fileId: 'b.txt', fileName: 'b.txt' }]]));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getAllByRole('button', { name: '查看' })[0]);
    await toast('文件不存在');
    view.unmount();

    renderWith(<UploadField value={[]} onChange={() => undefined} readOnly />, files);
    fireEvent.click(screen.getByTestId('upload-download-all'));
    await toast('未发现文件');
    expect(calls.packs).toHaveLength(1);
    clicks.mockRestore();
  });

  it('previews text in the full-screen dialog with a download button', async () => {
    const { files } = fakeFiles({ preview: async (file) => ({ previewType: 'text', url: '/t', name: file.name, text: 'line one\nline two' }) });
    renderWith(<UploadField value={[{ name: 'notes.txt', fileId: 'n.txt', url: '/n' }]} onChange={() => undefined} readOnly />, files);
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    await waitFor(() => expect(screen.getByTestId('preview-text').textContent).toBe('line one\nline two'));
    expect(screen.getByRole('dialog').textContent).toContain('文档预览 - notes.txt');
    expect(screen.getByTestId('preview-download')).toBeTruthy();
  });

  it('opens a file the page cannot show in the same dialog, offering its download (spec 001 §2)', async () => {
    const { files } = fakeFiles({ preview: async (file) => ({ previewType: 'download', url: '/d', name: file.name }) });
    renderWith(<UploadField value={[{ name: 'plan.docx', fileId: 'p.docx', url: '/p' }]} onChange={() => undefined} readOnly />, files);
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    await waitFor(() => expect(screen.getByTestId('preview-unavailable').textContent).toBe('plan.docx 无法在页面中预览，请下载后查看'));
    expect(screen.getByTestId('preview-download')).toBeTruthy();
  });
});

describe('the upload panel', () => {
  const session: UploadSession = { add: () => '', pause: vi.fn(), resume: vi.fn(), retry: vi.fn(), remove: vi.fn(), tasks: () => [], subscribe: () => () => undefined, dispose: () => undefined };
  const task = (status: UploadTaskView['status'], progress = 0.5): UploadTaskView => ({ id: status, name: `${status}.bin`, size: 1, status, progress });

  it('shows every state in three languages, with the actions each allows', () => {
    const tasks = [task('checking', 0), task('waiting'), task('uploading', 0.995), task('paused'), task('error'), task('success', 1)];
    const view = render(<UploadPanel tasks={tasks} session={session} />);
    const rows = () => screen.getAllByTestId('upload-task').map((row) => row.querySelector('.jnpf-upload-status')!.textContent);
    expect(rows()).toEqual(['文件校验中', '等待中', '上传中 99%', '暂停中 50%', '上传失败', '上传成功']);
    fireEvent.click(screen.getAllByRole('button', { name: '暂停' })[0]);
    expect(session.pause).toHaveBeenCalledWith('waiting');
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    expect(session.resume).toHaveBeenCalledWith('paused');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(session.retry).toHaveBeenCalledWith('error');
    // Remove everywhere but on a finished file.
    expect(screen.getAllByRole('button', { name: '移除' })).toHaveLength(5);
    act(() => setWidgetLanguage('zhtw'));
    view.rerender(<UploadPanel tasks={[...tasks]} session={session} />);
    expect(rows()).toEqual(['檔案校驗中', '等待中', '上傳中 99%', '暫停中 50%', '上傳失敗', '上傳成功']);
    act(() => setWidgetLanguage('en'));
    view.rerender(<UploadPanel tasks={[...tasks]} session={session} />);
    expect(rows()).toEqual(['Checking file', 'Waiting', 'Uploading 99%', 'Paused 50%', 'Upload failed', 'Uploaded']);
  });
});

describe('the image upload field (uploadImg)', () => {
  it('checks count, size and type with the image messages, and stores what the server answers', async () => {
    const { files, calls } = fakeFiles();
    const onChange = vi.fn();
    const view = renderWith(<UploadImage value={[]} onChange={onChange} limit={1} fileSize={10} sizeUnit="MB" />, files);
    choose(view.container, fileOf('doc.pdf', 10, 'application/pdf'));
    await toast('请上传图片');
    choose(view.container, fileOf('huge.png', 11 * MB, 'image/png'));
    await toast('图片大小超过10MB');
    choose(view.container, fileOf('a.png', 10, 'image/png'), fileOf('b.png', 10, 'image/png'));
    await toast('当前限制最多可以上传1张图片');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ name: 'a.png', fileId: 'id-a.png', url: '/api/file/Image/annexpic/id-a.png' }]));
    expect(calls.images).toEqual(['a.png']);
  });

  it('drops an image the server refuses and shows its msg; a lost connection says 上传失败', async () => {
    const refusal = Object.assign(new Error('图片内容与扩展名不符'), { name: 'UploadRefusedError' });
    let answers = 0;
    const { files } = fakeFiles({ uploadImage: async () => (answers++ === 0 ? Promise.reject(refusal) : { name: 'id-2', url: '/2' }) });
    const onChange = vi.fn();
    const view = renderWith(<UploadImage value={[]} onChange={onChange} limit={1} />, files);
    choose(view.container, fileOf('fake.png', 10, 'image/png'));
    await toast('图片内容与扩展名不符');
    // The refused image left the list: with a limit of one, the next image is taken.
    choose(view.container, fileOf('real.png', 10, 'image/png'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ name: 'real.png', fileId: 'id-2', url: '/2' }]));
    expect(said()).not.toContain('当前限制最多可以上传1张图片');
    onChange.mockClear();
    view.unmount();
    message.destroy();
    const lost = fakeFiles({ uploadImage: async () => Promise.reject(new TypeError('Failed to fetch')) });
    const second = renderWith(<UploadImage value={[]} onChange={onChange} />, lost.files);
    choose(second.container, fileOf('ok.png', 10, 'image/png'));
    await toast('上传失败');
    expect(onChange).not.toHaveBeenCalled();
  });
});
