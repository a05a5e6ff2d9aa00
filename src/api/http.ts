import ky, { HTTPError } from 'ky';
import { FRONT_TOKEN_HEADER, FRONT_TOKEN_META } from '../../contract/headers.ts';
import type { ErrorBody } from '../../contract/schemas.ts';

/** The one HTTP client of the SPA: every call goes through `src/api`. */
export const http = ky.create({ prefix: '/api', timeout: 15000, retry: { limit: 1, methods: ['get'] } });

/** A failed call, with the server's `{ error, message }` when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A refusal that says when to try again (`Retry-After`, in seconds), else null. */
  readonly retryAfterSeconds: number | null;
  constructor(status: number, code: string, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Turns ky's errors into ApiError (status 0 for network failures), so machines see one error shape. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `data` (parsed when JSON).
    const body = typeof error.data === 'object' && error.data !== null ? (error.data as Partial<ErrorBody>) : null;
    const retryAfter = Number.parseInt(error.response.headers.get('retry-after') ?? '', 10);
    return new ApiError(
      error.response.status,
      body?.error ?? 'http_error',
      body?.message ?? `${error.response.status} ${error.response.statusText}`,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
}

export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toApiError(error);
  }
}

export function frontTokenHeaders(): Record<string, string> {
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${FRONT_TOKEN_META}"]`)?.content ?? '';
  return { [FRONT_TOKEN_HEADER]: token };
}
