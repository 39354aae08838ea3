import { z } from 'zod';

/** Characters that have no place in a name or an address line (control characters). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A required single-line text: trimmed, `required` when empty, bounded, no control characters. */
export function requiredText(required: string, max = 100) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `At most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), 'Contains characters that are not allowed.');
}

/** An optional single-line text; empty becomes ''. */
export function optionalText(max = 100) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), 'Contains characters that are not allowed.')
    .optional()
    .default('');
}

/** The e-mail check every form shares (a simple, permissive pattern, as SPEC.md §5 asks). */
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
