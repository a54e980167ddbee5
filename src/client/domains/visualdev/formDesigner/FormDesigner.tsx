import type { FormDesignerProps } from './props.js';

export function FormDesigner({ height }: FormDesignerProps) {
  return <div style={{ height: height ?? '100%' }} data-testid="form-designer" />;
}
