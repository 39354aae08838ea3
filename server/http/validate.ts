import type { Context } from 'hono';
import { z } from 'zod';
import type { DomainError } from '../services/errors';
import { ApiError } from './errors';

/** A field's name as a shopper reads it: `phone_number` → 'phone number', `variant_id` → 'product variant'. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((key) => typeof key === 'string');
  if (typeof last !== 'string' || !last) return 'value';
  if (last === 'variant_id' || last === 'variant') return 'product variant';
  return last.replace(/_id$/, '').replace(/[_.]+/g, ' ').trim().toLowerCase() || 'value';
}

/**
 * The sentence for an issue whose schema gave no message of its own (schemas' own messages,
 * the shop's specified texts among them, always win): it names the field in words, never its raw key, so a
 * shopper never reads `quantity: Too big`.
 */
export function plainIssueMessage(issue: { code?: string; path?: readonly PropertyKey[]; input?: unknown }): string {
  const label = fieldLabel(issue.path ?? []);
  if (!issue.path?.length) return 'The request is not valid.';
  if (issue.code === 'invalid_type' && issue.input === undefined) return `Please give the ${label}.`;
  if (issue.code === 'too_big') return `The ${label} is too long or too large.`;
  if (issue.code === 'too_small') return `The ${label} is too short or too small.`;
  return `Please check the ${label}.`;
}

const parseOptions = { error: plainIssueMessage } as const;

/** `schema.safeParse` with the shop's messages for issues whose schema gave none. */
export function checkValue<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  return schema.safeParse(value, parseOptions);
}

/**
 * Turns zod issues into `{field: [messages]}`, the first message also heading the error. The
 * heading is the message alone, without the field's key: it is what the storefront shows.
 */
export function validationError(error: z.ZodError): ApiError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  const message = error.issues[0]?.message || 'The request is not valid.';
  return new ApiError(400, message, errors);
}

/**
 * What a failed parse answers: by default a 400 naming each field; a route may word it its own way,
 * or answer with a service's refusal (a missing address's NotFound).
 */
export type OnInvalid = (error: z.ZodError) => ApiError | DomainError;

/** Parses the query string with `schema`; bad input is a 400 naming each field. */
export function parseQuery<S extends z.ZodType>(
  c: Context,
  schema: S,
  onInvalid: OnInvalid = validationError,
): z.output<S> {
  return parseValue(schema, c.req.query(), onInvalid);
}

/**
 * Parses the path's parameters with `schema`. There is no default answer: a parameter that
 * cannot name anything is answered like a missing thing (`onInvalid` gives that route's 404).
 */
export function parseParams<S extends z.ZodType>(c: Context, schema: S, onInvalid: OnInvalid): z.output<S> {
  return parseValue(schema, c.req.param(), onInvalid);
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Reads a JSON request body and validates it with `schema` (unknown fields are dropped):
 * 415 when the body is not declared JSON, 400 when it does not parse or a field is wrong.
 */
export async function parseJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  onInvalid: OnInvalid = validationError,
): Promise<z.output<S>> {
  return parseValue(schema, await readJson(c), onInvalid);
}

/** The parsed JSON request body: 415 when it is not declared JSON, 400 when it does not parse. */
export async function readJson(c: Context): Promise<unknown> {
  if (!isJsonRequest(c)) {
    throw new ApiError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
}

/** Validates an already-read value with `schema`; bad input is a 400 naming each field. */
export function parseValue<S extends z.ZodType>(
  schema: S,
  value: unknown,
  onInvalid: OnInvalid = validationError,
): z.output<S> {
  const parsed = checkValue(schema, value);
  if (!parsed.success) throw onInvalid(parsed.error);
  return parsed.data;
}

/** True when the request body is declared JSON. */
export function isJsonRequest(c: Context): boolean {
  return JSON_TYPE.test(c.req.header('content-type') ?? '');
}

const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** True when the request body is declared a form (multipart or URL-encoded). */
export function isFormRequest(c: Context): boolean {
  return FORM_TYPE.test(c.req.header('content-type') ?? '');
}
