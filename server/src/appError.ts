/**
 * One application error with an HTTP status; the error plugin turns it into
 * `{ error, fields? }` (DECISIONS section 1). Services throw these; nothing else leaks out.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
