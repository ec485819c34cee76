import type { ApiErrorMessage, FieldError } from '@ipportal/domain';
import type { Message } from './i18n.js';
import { serverKey } from './i18n.js';
import type { ServerMessage } from './messages.js';

/**
 * A 4xx the caller can act on. The error handler answers
 * `{ hasError: true, message: "<operation failure>\n<reason>", errors? }` in the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: Message,
    readonly fieldErrors?: FieldError[],
    /** Overrides the route's failure message. */
    readonly failure?: ApiErrorMessage,
  ) {
    super(reason.key);
    this.name = 'HttpError';
  }

  static badRequest(key: ServerMessage, params?: Message['params']): HttpError {
    return new HttpError(400, { key: serverKey(key), params });
  }
  static notFound(key: ServerMessage): HttpError {
    return new HttpError(404, { key: serverKey(key) });
  }
  static conflict(key: ServerMessage): HttpError {
    return new HttpError(409, { key: serverKey(key) });
  }
  static forbidden(key: ServerMessage = 'forbidden'): HttpError {
    return new HttpError(403, { key: serverKey(key) });
  }
}
