import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordViewer, type LoadedRecord } from '../../../src/kernel/client/runtime/RecordViewer.js';
import type { FormDefinition } from '../../../src/shared/form/definition.js';

afterEach(cleanup);
/** The record has loaded: no spinner, its form shown. */
const shown = () =>
  waitFor(() => {
    expect(document.querySelector('.jnpf-viewer-loading')).toBeNull();
    expect(document.querySelector('[data-field="name"] input')).not.toBeNull();
  });

const definition = (popupType: string, extra: Partial<FormDefinition> = {}): FormDefinition => ({
  popupType,
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '名称' }, __vModel__: 'name' },
    { __config__: { jnpfKey: 'relationForm', label: '关联项目' }, __vModel__: 'project', modelId: 'projects' },
  ],
  ...extra,
});

function loaderFor(popupType: string, extra: Partial<FormDefinition> = {}) {
  return vi.fn(async (modelId: string, recordId: string): Promise<LoadedRecord> => ({
    definition: definition(popupType, extra),
    data: modelId === 'projects' ? { name: `项目 ${recordId}` } : { name: '乙醇采购', project: 'P-7' },
    title: modelId === 'projects' ? '项目详情' : '采购详情',
  }));
}

describe('the record viewer (spec 001 §2)', () => {
  it('closes at once when there is no record id', () => {
    const onClose = vi.fn();
    render(<RecordViewer modelId="orders" recordId={null} loadRecord={loaderFor('general')} onClose={onClose} />);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a dialog with the record, read-only, and Print only when hasPrintBtn and printId are set', async () => {
    const onPrint = vi.fn();
    const { unmount } = render(<RecordViewer modelId="orders" recordId="1" loadRecord={loaderFor('general', { hasPrintBtn: true, printId: 'tpl-1' })} onClose={() => undefined} onPrint={onPrint} />);
    await shown();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((document.querySelector('[data-field="name"] input') as HTMLInputElement).value).toBe('乙醇采购');
    expect((document.querySelector('[data-field="name"] input') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByTestId('viewer-print'));
    expect(onPrint).toHaveBeenCalledWith('tpl-1', '1');
    unmount();
    render(<RecordViewer modelId="orders" recordId="1" loadRecord={loaderFor('general', { hasPrintBtn: true })} onClose={() => undefined} />);
    await shown();
    expect(screen.queryByTestId('viewer-print')).toBeNull();
  });

  it('shows a full-screen page with a back header for fullScreen', async () => {
    const onClose = vi.fn();
    render(<RecordViewer modelId="orders" recordId="1" loadRecord={loaderFor('fullScreen')} onClose={onClose} />);
    await shown();
    expect(document.querySelector('[data-popup-type="fullScreen"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /返回/ }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a right drawer for drawer, and a related-record link opens a nested drawer', async () => {
    const loader = loaderFor('drawer');
    render(<RecordViewer modelId="orders" recordId="1" loadRecord={loader} onClose={() => undefined} />);
    await shown();
    expect(document.querySelector('.jnpf-viewer-drawer')).not.toBeNull();
    // The link names the record once its label is resolved ("…" until then).
    fireEvent.click(await screen.findByRole('button', { name: 'P-7' }));
    // The nested record has loaded: its title shows.
    await screen.findByText('项目详情');
    expect(loader).toHaveBeenLastCalledWith('projects', 'P-7');
    expect(document.querySelectorAll('.jnpf-viewer-drawer').length).toBe(2);
    expect(screen.getByText('项目详情')).toBeTruthy();
  });

  it('says why when the record cannot be loaded', async () => {
    render(<RecordViewer modelId="orders" recordId="9" loadRecord={() => Promise.reject(new Error('记录不存在'))} onClose={() => undefined} />);
    expect(await screen.findByText('记录不存在')).toBeTruthy();
  });
});
