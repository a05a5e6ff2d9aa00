/**
 * A refusal by the rules: what kind of failure it is (the app's error handler turns the kind into an HTTP
 * status, server/error-handler.ts) and the contract's error code clients classify it by.
 */
import type { ErrorCode } from '../../contract/errors.ts';

export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  /** An upload larger than the rules allow (413). */
  | 'payload_too_large'
  /** A well-formed request whose content breaks the rules, each problem named (422). */
  | 'unprocessable'
  /** An upload that is not of the required format (415). */
  | 'unsupported_media_type'
  /** A service the server relies on is not configured (no SMTP_URL) or refused / could not be reached (503). */
  | 'unavailable';

export interface DomainErrorOptions {
  cause?: unknown;
  /** Whole seconds until a new attempt can pass (the answer's Retry-After): rate limits, a service away. */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  readonly retryAfterSeconds: number | undefined;
  constructor(kind: ErrorKind, code: ErrorCode, message: string, options?: DomainErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export const notFound = (what: string) => new DomainError('not_found', 'not_found', `${what} not found`);

export const stayFinished = () => new DomainError('conflict', 'stay_finished', 'This stay is finished');
