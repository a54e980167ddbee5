import type { KeyboardEvent } from 'react';

/**
 * Enter in a form dialog's field saves the dialog, as a person expects of a dialog with one obvious button (issue 32
 * item 7). Not where Enter already means something: a text area or rich text (a new line), a select, cascader, date
 * or time picker (choosing the option under the cursor), a sub-table cell (the cell's own editing), a button or
 * link (its own press), an input method composing a word (choosing it), a dialog one of the fields opened (a
 * picker's search), or while a save is under way.
 */
const ENTER_HAS_A_MEANING = 'textarea, [contenteditable="true"], .ant-select, .ant-cascader, .ant-picker, .jnpf-subtable, button, a, [role="combobox"]';

export function submitOnEnter(save: () => void, busy = false) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
    // An input method confirming a word: isComposing, or (Safari, after the composition ended) key code 229.
    if (event.defaultPrevented || event.nativeEvent.isComposing || event.keyCode === 229 || busy) return;
    // A held key repeats: one save per press.
    if (event.repeat) return;
    const target = event.target as HTMLElement;
    // React passes events up through portals: Enter in a dialog a field opened (a user picker's search) reaches
    // here too, and is that dialog's business. Only the form's own fields, inside it in the page, count.
    if (!event.currentTarget.contains(target)) return;
    if (target.tagName !== 'INPUT' || target.closest(ENTER_HAS_A_MEANING)) return;
    const type = (target as HTMLInputElement).type;
    if (type === 'checkbox' || type === 'radio' || type === 'file') return;
    event.preventDefault();
    save();
  };
}
