// The error every route and plugin throws to refuse a request with a Spanish message. A file of its
// own so that db/database-errors.ts can build one without importing http-errors.ts, which imports it.
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** More of the answer's body, beside statusCode, code and message (a 422's `errores`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
