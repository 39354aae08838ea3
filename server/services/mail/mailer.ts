/** One plain-text message to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where the shop's mail goes: an SMTP server, or files in the outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

// eslint-disable-next-line no-control-regex -- header values must lose every control character
const HEADER_UNSAFE = /[\u0000-\u001f\u007f]+/g;

/** A header value with CR, LF and other control characters removed, so it cannot start a new header. */
export function headerSafe(value: string): string {
  return value.replace(HEADER_UNSAFE, ' ').trim();
}
