import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../src/lib/api/types';

/** An error the API answers with its status and the one error shape `{message, errors?}`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body for this error. */
  body(): ApiErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** 404 with the shop's wording for a missing thing. */
export function notFound(what = 'Not found.'): ApiError {
  return new ApiError(404, what);
}
