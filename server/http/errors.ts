import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../contract/types';

/** An error the API answers with its status and the one error shape `{message, errors?}`. */
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
  return new ApiError(429, 'Too many attempts. Please try again later.', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}
