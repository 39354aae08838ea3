import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors';

/** Turns zod issues into `{field: [messages]}`, the first message also heading the error. */
export function validationError(error: z.ZodError): ApiError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  const first = error.issues[0];
  const message = first
    ? first.path.length
      ? `${first.path.join('.')}: ${first.message}`
      : first.message
    : 'Invalid request.';
  return new ApiError(400, message, errors);
}

/** Parses the query string with `schema`; bad input is a 400 naming each field. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
