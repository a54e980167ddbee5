import { ResultCode } from '../../shared/envelope.js';
import type { MessageKey, MessageParams } from './locales/messages.js';

/**
 * A failure the caller should read: it carries an envelope code and a message key, translated into the caller's
 * language by the envelope plugin. Throw it anywhere below a route; the transaction around it rolls back.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }

  static badRequest(key: MessageKey, params?: MessageParams, data?: unknown): AppError {
    return new AppError(ResultCode.badRequest, key, params, data);
  }

  static validation(field: string, reasonKey: MessageKey, reasonParams?: MessageParams): AppError {
    return new AppError(ResultCode.badRequest, 'error.validation', { field, reason: reasonKey, ...reasonParams }, { field });
  }

  static forbidden(): AppError {
    return new AppError(ResultCode.forbidden, 'error.forbidden');
  }
}
