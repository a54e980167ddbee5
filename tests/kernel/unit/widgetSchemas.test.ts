import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_WIDGETS, checkWidgetProps } from '../../../registry/index.js';

/**
 * ajv (what the server and the designer's property panel use) must accept every built-in props schema and its
 * defaults, exactly as the registry's interpreting validator does in the browser.
 */
describe('built-in widget props schemas', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  it.each(Object.entries(BUILT_IN_WIDGETS))('%s compiles under ajv and accepts its defaults', (_key, widget) => {
    const validate = ajv.compile(widget.propsSchema);
    expect(validate(widget.defaultProps), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('reports props that break a widget schema', () => {
    expect(checkWidgetProps('rate', { max: 50 })).toMatch(/max/);
    expect(checkWidgetProps('rate', { max: 10 })).toBeUndefined();
    expect(checkWidgetProps('no-such-widget', {})).toBeUndefined();
  });
});
