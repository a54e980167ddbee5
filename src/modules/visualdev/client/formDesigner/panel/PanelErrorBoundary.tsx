import { Component, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { i18n } from '../../../../../kernel/client/i18n/index.js';

/**
 * A property panel that fails while drawing (a props schema rjsf cannot handle, say) fails alone: the canvas, the
 * design and its history stay as they were, and the panel offers to open again. Without it the error reached the
 * app's boundary and the whole designer was lost with its unsaved design.
 */
export class PanelErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert
        type="error"
        showIcon
        data-testid="panel-error"
        message={i18n.t('formDesigner.panel.failed', { message: error.message })}
        action={<Button size="small" onClick={() => this.setState({ error: undefined })}>{i18n.t('formDesigner.panel.retry')}</Button>}
      />
    );
  }
}
