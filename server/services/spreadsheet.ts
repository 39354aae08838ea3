/** Text a spreadsheet would take for a formula: `=`, `+`, `-`, `@`, a tab or a carriage return first. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell of a CSV file the shop writes: one that a spreadsheet would run as a formula gets
 * an apostrophe first (OWASP's advice on CSV injection), so a shopper's name or address typed as
 * `=HYPERLINK(…)` stays text when staff open the file.
 */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
