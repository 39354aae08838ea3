import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../contract/types';
import { DomainError, TemporarilyUnavailable, type DomainErrorKind } from '../services/errors';

/**
 * An error the API answers with its status and the one error shape `{message, errors?}`. The
 * HTTP layer's own refusals (a body that is not JSON, a field that fails its schema, a missing
 * session, a throttle) are these; the services' domain errors become one in `apiErrorOf`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra response headers, such as Retry-After. */
    readonly headers?: Record<string, string>,
    /** Extra body fields beside `message`, such as the `detail` or `error` some callers read. */
    readonly extra?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body for this error. */
  body(): ApiErrorBody {
    const body: ApiErrorBody = { ...this.extra, message: this.message };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

/** The status of each kind of domain error (server/services/errors.ts): the one mapping. */
export const DOMAIN_ERROR_STATUS = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-format': 415,
  'provider-failed': 502,
  unavailable: 503,
} as const satisfies Record<DomainErrorKind, ContentfulStatusCode>;

/** Retry-After's value: whole seconds, at least one. */
export function retryAfterHeader(seconds: number): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil(seconds))) };
}

/**
 * The answer an error is given: an ApiError as it is, a domain error with its kind's status, its
 * message, field errors, echoed keys and (for "try again") Retry-After; null for anything else
 * (which is the caller's to answer, usually with a 500).
 */
export function apiErrorOf(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (!(error instanceof DomainError)) return null;
  const headers = error instanceof TemporarilyUnavailable ? retryAfterHeader(error.retryAfterSeconds) : undefined;
  return new ApiError(DOMAIN_ERROR_STATUS[error.kind], error.message, error.errors, headers, error.echoed);
}

/** The JSON response for an error `apiErrorOf` knows, or null. */
export function errorResponse(c: Context, error: unknown): Response | null {
  const known = apiErrorOf(error);
  return known && c.json(known.body(), known.status, known.headers);
}

/**
 * An error whose message is repeated under `key`: the review dialog reads
 * `detail` and checkout read `error`, while every other caller reads `message`.
 */
export function echoedError(status: ContentfulStatusCode, message: string, key: 'detail' | 'error'): ApiError {
  return new ApiError(status, message, undefined, undefined, { [key]: message });
}

/** 404 with the shop's wording for a missing thing. */
export function notFound(what = 'Not found.'): ApiError {
  return new ApiError(404, what);
}

/** 429 with how many seconds to wait, in the body's message and the Retry-After header. */
export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    'Too many attempts. Please try again later.',
    undefined,
    retryAfterHeader(retryAfterSeconds),
  );
}
