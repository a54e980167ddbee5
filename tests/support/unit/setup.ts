/**
 * jsdom has no layout: every element measures 0 px. The sub-table's virtualizer sizes its window from the scroll
 * body's clientHeight, so the body reports the height its style gives it; everything else stays 0 as in jsdom.
 */
const styleHeight = (element: HTMLElement) => Number.parseFloat(element.style?.height ?? '') || 0;
const styleWidth = (element: HTMLElement) => Number.parseFloat(element.style?.minWidth ?? '') || 1000;

Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList?.contains('jnpf-subtable-body') ? styleHeight(this) : 0;
  },
});
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList?.contains('jnpf-subtable-body') ? styleWidth(this) : 0;
  },
});

/** jsdom has no matchMedia either; antd's responsive table asks for it. Nothing matches: the desktop layout. */
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
