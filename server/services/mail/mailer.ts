/** A file sent with a message, e.g. an order's GST invoice as a PDF. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * One message to one recipient: always a plain-text body, which every mail client shows and which
 * says everything; optionally an HTML alternative of the same content and attached files.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * The left part of the Message-ID, when the message has an identity of its own ('order-42-
   * event-7'): sent again after a crash, it is the same message, which mail servers and clients
   * show once.
   */
  messageId?: string;
}

/** The domain of a sender ('GharBazaar <no-reply@gharbazaar.in>' → 'gharbazaar.in'). */
export function senderDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** The message's own Message-ID (without angle brackets) in the sender's domain, or undefined. */
export function messageIdOf(message: Pick<MailMessage, 'messageId'>, from: string): string | undefined {
  const local = message.messageId ? headerSafe(message.messageId).replace(/[^A-Za-z0-9._-]/g, '') : '';
  return local ? `${local}@${senderDomain(from)}` : undefined;
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

/** True when a message is text alone: it goes out as a single text/plain part. */
export function isPlainText(message: MailMessage): boolean {
  return message.html === undefined && !message.attachments?.length;
}

/**
 * The attachments as nodemailer's options, field by field: nothing else (a `path` or `href`, which
 * would make nodemailer read a file or fetch a URL) can reach it through a message.
 */
export function nodemailerAttachments(message: MailMessage) {
  return (message.attachments ?? []).map(({ filename, content, contentType }) => ({
    filename: headerSafe(filename),
    content,
    contentType: headerSafe(contentType),
  }));
}
