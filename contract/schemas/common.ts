import { z } from 'zod';

/** The answer for text with control or text-direction characters. */
export const NOT_ALLOWED = 'Contains characters that are not allowed.';

/** Any control character (C0, DEL, C1): none belongs in a name or an address line. */
const CONTROL = /\p{Cc}/u;
/** Control characters other than the line breaks and tabs a longer text (a review) may have. */
const CONTROL_IN_TEXT = /[^\P{Cc}\n\r\t]/u;
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 * how text is shown, so 'Pay to ‮txt.exe' can display as something else ("Trojan Source").
 * The plain direction marks (U+200E, U+200F) stay allowed: mixed-script text needs them.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
/** Characters that show nothing: spaces, zero-width and other default-ignorable or format characters. */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/** True when `text` has characters but none of them can be seen. */
export function onlyInvisible(text: string): boolean {
  return text.length > 0 && text.replace(INVISIBLE, '') === '';
}

/**
 * True when a single line of text is well-formed Unicode and has no control or text-direction
 * characters. A lone UTF-16 surrogate ('\ud800', which JSON can carry) is no character at all:
 * stored, it comes back as U+FFFD replacement characters.
 */
export function cleanLine(text: string): boolean {
  return text.isWellFormed() && !CONTROL.test(text) && !BIDI_CONTROL.test(text);
}

/** True when a longer text (line breaks and tabs allowed) is well-formed, with no other control or text-direction characters. */
export function cleanText(text: string): boolean {
  return text.isWellFormed() && !CONTROL_IN_TEXT.test(text) && !BIDI_CONTROL.test(text);
}

/** An optional one-line text that may be cleared: '' and null are none (null). */
export function clearableText(max: number) {
  return z
    .union([z.string(), z.null()], { error: 'Must be text, or null for none.' })
    .transform((v) => (v === null ? null : v.trim() || null))
    .pipe(
      z
        .string()
        .max(max, `At most ${max} characters.`)
        .refine(cleanLine, NOT_ALLOWED)
        .refine((v) => !onlyInvisible(v), 'Contains only invisible characters: type the text, or leave it empty.')
        .nullable(),
    );
}

/** A required single-line text: trimmed, `required` when empty or invisible, bounded, no control characters. */
export function requiredText(required: string, max = 100) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `At most ${max} characters.`)
    .refine(cleanLine, NOT_ALLOWED)
    .refine((v) => !onlyInvisible(v), required);
}

/** An optional single-line text; empty becomes ''. */
export function optionalText(max = 100) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(cleanLine, NOT_ALLOWED)
    .refine((v) => !onlyInvisible(v), 'Contains only invisible characters: type the text, or leave it empty.')
    .optional()
    .default('');
}

/**
 * A required longer text (a review, a message): line breaks allowed (CRLF from forms becomes LF),
 * trimmed, between `min` and `max` characters, no other control or text-direction characters.
 */
export function multilineText(
  required: string,
  max: number,
  min = 1,
  tooShort = required,
  tooLong = `At most ${max} characters.`,
) {
  return z
    .string({ error: required })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .refine((v) => !onlyInvisible(v), required)
        .refine((v) => v.length >= min, tooShort)
        .refine((v) => v.length <= max, tooLong)
        .refine(cleanText, NOT_ALLOWED),
    );
}

/** The e-mail check every form shares (a simple, permissive pattern). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** First message per field of a failed parse: what a form shows under each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** Validates `values` with `schema`: the parsed data, or the first error of each field. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

/**
 * A whole number from JSON, also accepted as a string of digits (form-style clients send
 * those), between `min` and `max`; `message` explains any other value.
 */
export function wholeNumber(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

/**
 * An id written in an address (path or query): plain decimal digits only. Number() would also
 * read '0x10', '1e2', ' 1', '+1' and '1.0', each another spelling of some id.
 */
export const digitsId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Must be a positive whole number (digits only).')
  .transform(Number)
  .meta({ description: 'A positive whole number, digits only.', example: '1' });

/** A path whose one parameter is an id: `/orders/:id`, `/cart/:id`. */
export const IdParams = z.object({ id: digitsId });

export const DATE_INVALID = 'Give the date as YYYY-MM-DD.';
export const DATES_REVERSED = 'The "from" date must not be after the "to" date.';

/** True when `value` (YYYY-MM-DD) is a day of the calendar: 2026-02-30 is not. */
function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD, India time) in an address's query, optional: the order board's and the audit log's filters. */
export const dayField = (description: string) =>
  z
    .string()
    .trim()
    .regex(DAY, DATE_INVALID)
    // Only a day the pattern accepted is checked against the calendar: one message per mistake.
    .refine((value) => !DAY.test(value) || isCalendarDate(value), DATE_INVALID)
    .optional()
    .meta({ description, example: '2026-11-24' });
