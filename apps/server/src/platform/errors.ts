import type { ErrorCode } from '@portal/domain';

/**
 * A business failure with a stable code (docs/domains/api.md#error-codes). `message` is an i18n key; `fields` maps form
 * fields to i18n keys for BAD_USER_INPUT; `params` fills the message's `{{placeholders}}` (a Date is written as a date
 * and time in the request's language, `formatError`) and reaches clients as `extensions.messageParams` (a Date as
 * ISO 8601). Anything that is not an AppError is masked as internal.
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly params?: Record<string, string | number | Date>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'error.unauthenticated');
export const forbidden = () => new AppError('FORBIDDEN', 'error.forbidden');
export const notFound = () => new AppError('NOT_FOUND', 'error.notFound');
export const conflict = (message = 'error.conflict') => new AppError('CONFLICT', message);
export const badInput = (fields: Record<string, string>, message = 'error.badUserInput') =>
  new AppError('BAD_USER_INPUT', message, fields);
