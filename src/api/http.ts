import ky, { HTTPError } from 'ky';
import { FRONT_TOKEN_HEADER, FRONT_TOKEN_META } from '../../contract/headers.ts';
import type { ContentProblem, ErrorBody } from '../../contract/schemas.ts';

/** The one HTTP client of the SPA: every call goes through `src/api`. */
export const http = ky.create({ prefix: '/api', timeout: 15000, retry: { limit: 1, methods: ['get'] } });

/**
 * A failed call, with the server's `{ error, message }` when it sent one. The message is for logs (the underlying
 * failure is its `cause`); the guest app chooses its texts by `code` (contract/errors.ts).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A refusal that says when to try again (`Retry-After`, in seconds), else null. */
  readonly retryAfterSeconds: number | null;
  /** A content document refused (422 content_invalid): each of its problems. */
  readonly problems: ContentProblem[];
  constructor(
    status: number,
    code: string,
    message: string,
    {
      retryAfterSeconds = null,
      problems = [],
      ...options
    }: ErrorOptions & { retryAfterSeconds?: number | null; problems?: ContentProblem[] } = {},
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
    this.problems = problems;
  }
}

/**
 * Turns ky's errors into ApiError, so machines see one error shape: a server's reply keeps its status and code; a
 * call that failed or timed out on the network is `network_error` with status 0, its library text only in `cause`.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `data` (parsed when JSON).
    const body = typeof error.data === 'object' && error.data !== null ? (error.data as Partial<ErrorBody>) : null;
    const retryAfter = Number.parseInt(error.response.headers.get('retry-after') ?? '', 10);
    return new ApiError(
      error.response.status,
      body?.error ?? 'http_error',
      body?.message ?? `${error.response.status} ${error.response.statusText}`,
      { retryAfterSeconds: Number.isFinite(retryAfter) ? retryAfter : null, problems: body?.problems ?? [] },
    );
  }
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'network_error', 'The call failed on the network', { cause: error });
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

/** The header of a staff call: the staff session's token (docs/behaviour.md#staff-accounts). */
export function staffSessionHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
