/** A client-caused failure the routes turn into `{ error: code, message }` with its HTTP status. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
