import { ApiError } from './http';

/** What a shopper is told when a call fails, for one action. */
export interface ErrorTexts {
  /** The server refused and gave no message of its own (or its message is not one to show). */
  refused: string;
  /** No answer came (offline, the API down) or the failure was not the API's; `refused` if unset. */
  noAnswer?: string;
  /** Fixed texts for statuses that mean one thing here (401: log in again; 429: wait). */
  byStatus?: Partial<Record<number, string>>;
  /** Statuses whose own message is shown; every refusal's when unset, none when `[]`. */
  showServerText?: readonly number[];
}

/** True when the API answered with a refusal (an HTTP status), not when it could not be reached. */
export function refusedByServer(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status > 0;
}

/**
 * The one place a failed call becomes the message a shopper sees: the server's own words when it
 * refused with a message meant for them, else the texts this action names.
 */
export function shopperMessage(error: unknown, texts: ErrorTexts): string {
  if (!refusedByServer(error)) return texts.noAnswer ?? texts.refused;
  const fixed = texts.byStatus?.[error.status];
  if (fixed !== undefined) return fixed;
  const shown = texts.showServerText === undefined || texts.showServerText.includes(error.status);
  return (shown && error.message) || texts.refused;
}

/** Field errors the server sent back (`errors: {field: [message]}`), first message each. */
export function serverFieldErrors(error: ApiError): Record<string, string> {
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => (Array.isArray(v) && typeof v[0] === 'string' ? [[k, v[0]]] : [])),
  );
}
