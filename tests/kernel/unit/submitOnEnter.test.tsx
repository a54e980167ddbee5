import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPortal } from 'react-dom';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { submitOnEnter } from '../../../src/kernel/client/runtime/submitOnEnter.js';

/** Enter saves a form dialog from a plain field, and leaves alone the fields where Enter means something else. */
describe('submitOnEnter', () => {
  afterEach(cleanup);

  const dialog = (save: () => void, busy = false) =>
    render(
      <div onKeyDown={submitOnEnter(save, busy)}>
        <input data-testid="text" />
        <input data-testid="check" type="checkbox" />
        <textarea data-testid="area" />
        <div className="ant-select"><input data-testid="select" /></div>
        <div className="ant-picker"><input data-testid="date" /></div>
        <div className="jnpf-subtable"><input data-testid="cell" /></div>
        {/* A picker's dialog, opened by a field: in the React tree, elsewhere in the page. */}
        {createPortal(<input data-testid="picker-search" />, document.body)}
      </div>,
    );

  it('saves from a plain input, once per Enter', () => {
    const save = vi.fn();
    const view = dialog(save);
    fireEvent.keyDown(view.getByTestId('text'), { key: 'Enter' });
    expect(save).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(view.getByTestId('text'), { key: 'a' });
    fireEvent.keyDown(view.getByTestId('text'), { key: 'Enter', shiftKey: true });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('leaves Enter to text areas, selects, pickers, sub-table cells check boxes and dialogs a field opened, and to a save under way', () => {
    const save = vi.fn();
    const view = dialog(save);
    for (const id of ['check', 'area', 'select', 'date', 'cell', 'picker-search']) fireEvent.keyDown(view.getByTestId(id), { key: 'Enter' });
    expect(save).not.toHaveBeenCalled();
    cleanup();
    const busy = dialog(save, true);
    fireEvent.keyDown(busy.getByTestId('text'), { key: 'Enter' });
    expect(save).not.toHaveBeenCalled();
  });
});
