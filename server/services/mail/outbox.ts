import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { MONTHS, WEEKDAYS } from '../../../contract/format';
import {
  headerSafe,
  isPlainText,
  messageIdOf,
  nodemailerAttachments,
  senderDomain,
  type MailMessage,
  type Mailer,
} from './mailer';

/** RFC 2047 limits an encoded word to 75 characters; "=?UTF-8?B?" and "?=" take 12. */
const ENCODED_WORD_BYTES = 45;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An RFC 5322 date in UTC (a protocol field, not India's time a reader sees): `Sat, 21 Nov 2026 10:15:00 +0000`. */
export function rfc5322Date(date: Date): string {
  return (
    `${WEEKDAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

/** A header value as is when it is ASCII, else as RFC 2047 base64 encoded words folded onto lines. */
export function encodeHeaderValue(value: string): string {
  const safe = headerSafe(value);
  if (/^[\x20-\x7e]*$/.test(safe)) return safe;
  const words: string[] = [];
  let chunk = '';
  // Whole characters per word: a word must not split a UTF-8 sequence.
  for (const char of safe) {
    if (Buffer.byteLength(chunk + char) > ENCODED_WORD_BYTES) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join('\r\n ');
}

/** A mailbox header (`Name <a@b.c>` or `a@b.c`) with a non-ASCII display name encoded. */
export function encodeMailbox(value: string): string {
  const safe = headerSafe(value);
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(safe);
  if (!match || !match[1]) return safe;
  const name = match[1].replace(/^"(.*)"$/, '$1');
  const shown = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : encodeHeaderValue(name);
  return `${shown} <${match[2]}>`;
}

/** The domain of the sender's address, for Message-ID. */
/** The message's Message-ID (without its angle brackets): its own in the sender's domain, or a fresh one. */
function newMessageId(from: string, message: Pick<MailMessage, 'messageId'>): string {
  return messageIdOf(message, from) ?? `${crypto.randomBytes(12).toString('hex')}@${senderDomain(from)}`;
}

/** A whole RFC 5322 plain-text message: headers, a blank line, the body; CRLF line endings. */
export function composeMessage(message: MailMessage, from: string, date: Date): string {
  const id = newMessageId(from, message);
  const headers = [
    `From: ${encodeMailbox(from)}`,
    `To: ${headerSafe(message.to)}`,
    `Subject: ${encodeHeaderValue(message.subject)}`,
    `Date: ${rfc5322Date(date)}`,
    `Message-ID: <${id}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = message.text.replace(/\r\n?/g, '\n').split('\n').join('\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}

/**
 * A whole MIME message for a message with an HTML part or attachments (multipart/alternative for
 * text and HTML, inside multipart/mixed with the files), built by nodemailer's own composer, the
 * one the SMTP mailer sends through. Its From, To, Subject and Date lines are the ones a plain
 * message has: nodemailer would write the sender's name unquoted and the subject Q-encoded, and
 * whoever reads the outbox should find every message's headers written one way.
 */
export async function composeMimeMessage(message: MailMessage, from: string, date: Date): Promise<Buffer> {
  // `newline` is a composer option that nodemailer's type declarations leave out.
  const options: ConstructorParameters<typeof MailComposer>[0] & { newline: 'windows' } = {
    text: message.text,
    html: message.html,
    attachments: nodemailerAttachments(message),
    headers: {
      Subject: { prepared: true, value: encodeHeaderValue(message.subject) },
      Date: rfc5322Date(date),
      'Message-ID': { prepared: true, value: `<${newMessageId(from, message)}>` },
    },
    // The text and HTML as written use \n; a message on disk, as on the wire, breaks lines with CRLF.
    newline: 'windows',
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  const body = await new MailComposer(options).compile().build();
  // From and To go first, as prepared lines: nodemailer reformats address headers whatever it is given.
  const addresses = `From: ${encodeMailbox(from)}\r\nTo: ${headerSafe(message.to)}\r\n`;
  return Buffer.concat([Buffer.from(addresses), body]);
}

/** `20261121T101500123Z`: a file-name stamp that sorts in time order. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

/**
 * Writes each message as an `.eml` file into `dir` (development and tests: a PIN can be read
 * there). Files appear whole: each is written under a temporary name and then renamed.
 */
export class OutboxMailer implements Mailer {
  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const date = new Date(this.now());
    const name = `${stamp(date)}-${crypto.randomBytes(6).toString('hex')}.eml`;
    // Mode 0700/0600: these files hold reset PINs.
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.dir, `.${name}.tmp`);
    // A plain message is written as it always was; only HTML or attachments need the MIME composer.
    const raw = isPlainText(message)
      ? composeMessage(message, this.from, date)
      : await composeMimeMessage(message, this.from, date);
    await fs.writeFile(temp, raw, { mode: 0o600, flag: 'wx' });
    await fs.rename(temp, path.join(this.dir, name));
  }
}
