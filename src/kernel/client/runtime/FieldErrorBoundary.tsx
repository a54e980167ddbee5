import { Component, type ErrorInfo, type ReactNode } from 'react';
import { widgetText } from '../../../../registry/widgetText.js';

/**
 * One field that cannot render (a stored value of the wrong shape, a widget bug) shows why in its own place;
 * the rest of the form keeps working. The error goes to the console for whoever is debugging.
 */
export class FieldErrorBoundary extends Component<{ children?: ReactNode; fieldKey: string }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`field ${this.props.fieldKey} could not render: ${error.message}`, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="jnpf-field-error" data-field-error-boundary={this.props.fieldKey} role="alert">
          {widgetText('fieldError', { message: this.state.error.message })}
        </div>
      );
    }
    return this.props.children;
  }
}
