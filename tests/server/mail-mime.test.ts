import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { first } from '../lists';
import type { MailMessage } from '../../server/services/mail/mailer';
import { composeMessage, composeMimeMessage, OutboxMailer } from '../../server/services/mail/outbox';
import { SmtpMailer } from '../../server/services/mail/smtp';

// The SMTP mailer's transport is swapped for nodemailer's own stream transport, which builds the
// very message an SMTP server would receive and hands it back instead of sending it.
const smtpSent = vi.hoisted(() => [] as Buffer[]);
vi.mock('nodemailer', async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof import('nodemailer') }>()).default;
  const createTransport = () => {
    const transport = actual.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    return {
      sendMail: async (options: Parameters<typeof transport.sendMail>[0]) => {
        const info = await transport.sendMail(options);
        // `buffer: true` makes it a Buffer; a stream here would mean the transport was set up wrong.
        if (!Buffer.isBuffer(info.message)) throw new Error('The stream transport returned no buffer');
        smtpSent.push(info.message);
        return info;
      },
    };
  };
  return { default: { ...actual, createTransport } };
});

const FROM = 'GharBazaar <no-reply@gharbazaar.in>';
const DATE = new Date('2026-11-21T10:15:00Z');
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Bytes shaped like a PDF, with every byte value in them, so any transfer-encoding slip shows. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\r\n\n\r%%EOF\n'),
]);

const MESSAGE: MailMessage = {
  to: 'asha@example.in',
  subject: 'Your GharBazaar order #42 is confirmed — ₹1,794.50',
  text: 'Hello Asha,\n\nYour order #42 is confirmed.\nTotal: ₹1,794.50\n',
  html: '<!DOCTYPE html>\n<html lang="en-IN"><body><p>Hello Asha,</p>\n<p>Your order <b>#42</b> is confirmed: ₹1,794.50</p></body></html>',
  attachments: [{ filename: 'invoice-GB-26-27-000042.pdf', content: PDF, contentType: 'application/pdf' }],
};

function headerBlock(raw: string): string[] {
  return raw.slice(0, raw.indexOf('\r\n\r\n')).split(/\r\n(?![ \t])/);
}

function recipients(parsed: ParsedMail): string {
  const to = parsed.to as AddressObject | undefined;
  return to?.text ?? '';
}

async function writeToOutbox(message: MailMessage): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-mime-'));
  dirs.push(dir);
  const outbox = path.join(dir, 'outbox');
  await new OutboxMailer(outbox, FROM, () => DATE.getTime()).send(message);
  const names = fs.readdirSync(outbox);
  expect(names).toHaveLength(1);
  const name = first(names, 'the outbox');
  expect(name).toMatch(/^20261121T101500000Z-[0-9a-f]{12}\.eml$/);
  return fs.readFileSync(path.join(outbox, name), 'latin1');
}

describe('the outbox writes HTML and attachments as MIME', () => {
  test('text, HTML and the PDF round-trip through a mail parser', async () => {
    const raw = await writeToOutbox(MESSAGE);
    const parsed = await simpleParser(Buffer.from(raw, 'latin1'));
    expect(parsed.subject).toBe(MESSAGE.subject);
    expect(parsed.from?.text).toBe('"GharBazaar" <no-reply@gharbazaar.in>');
    expect(recipients(parsed)).toBe('asha@example.in');
    expect(parsed.date?.toISOString()).toBe(DATE.toISOString());
    expect(parsed.text).toBe(MESSAGE.text);
    expect(parsed.html).toBe(MESSAGE.html);
    expect(parsed.attachments).toHaveLength(1);
    const attachment = first(parsed.attachments, 'the attachments');
    expect(attachment.filename).toBe('invoice-GB-26-27-000042.pdf');
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.contentDisposition).toBe('attachment');
    expect(Buffer.compare(attachment.content, PDF)).toBe(0);
  });

  test('headers are written as for a plain message, and every line ends in CRLF', async () => {
    const raw = await writeToOutbox(MESSAGE);
    const plain = composeMessage(MESSAGE, FROM, DATE);
    const mime = headerBlock(raw);
    // From, To, Subject and Date exactly as a plain message has them; then Message-ID and MIME-Version.
    expect(mime.slice(0, 4)).toEqual(headerBlock(plain).slice(0, 4));
    expect(mime[4]).toMatch(/^Message-ID: <[0-9a-f]{24}@gharbazaar\.in>$/);
    expect(mime[5]).toBe('MIME-Version: 1.0');
    expect(mime[6]).toMatch(/^Content-Type: multipart\/mixed;/);
    expect(mime).toHaveLength(7);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative;/);
  });

  test.each([
    ['HTML alone', 'multipart/alternative', { ...MESSAGE, attachments: undefined }, 0],
    ['an attachment without HTML', 'multipart/mixed', { ...MESSAGE, html: undefined }, 1],
  ])('%s: a %s message that keeps the text', async (_, rootType, message: MailMessage, attachments) => {
    const raw = await writeToOutbox(message);
    expect(headerBlock(raw).find((line) => line.startsWith('Content-Type:'))).toMatch(
      new RegExp(`^Content-Type: ${rootType};`),
    );
    const parsed = await simpleParser(Buffer.from(raw, 'latin1'));
    expect(parsed.text).toBe(message.text);
    expect(parsed.html || undefined).toBe(message.html);
    expect(parsed.attachments).toHaveLength(attachments);
  });

  test('a plain message is still written as a single text/plain part', async () => {
    const raw = await writeToOutbox({ to: 'asha@example.in', subject: 'Hello', text: 'one\ntwo' });
    const expected = composeMessage({ to: 'asha@example.in', subject: 'Hello', text: 'one\ntwo' }, FROM, DATE);
    const withoutId = (s: string) => s.replace(/^Message-ID: .*$/m, 'Message-ID: <id>');
    expect(withoutId(raw)).toBe(withoutId(expected));
  });

  test('a recipient, subject or file name carrying CR/LF cannot add a header', async () => {
    const raw = (
      await composeMimeMessage(
        {
          ...MESSAGE,
          to: 'a@b.in\r\nBcc: spy@example.com',
          subject: 'S\r\nX-Evil: 1',
          attachments: [{ filename: 'a.pdf\r\nX-Evil: 2', content: PDF, contentType: 'application/pdf\r\nX-Evil: 3' }],
        },
        FROM,
        DATE,
      )
    ).toString('latin1');
    const lines = raw.split('\r\n');
    expect(lines.some((line) => /^(Bcc|X-Evil):/i.test(line))).toBe(false);
    expect(lines.filter((line) => /^To:/.test(line))).toEqual(['To: a@b.in Bcc: spy@example.com']);
  });
});

describe('the SMTP mailer', () => {
  test('hands nodemailer the HTML and the attachment along with the text', async () => {
    const before = smtpSent.length;
    await new SmtpMailer('smtp://user:pass@mail.example.in:587', FROM).send(MESSAGE);
    expect(smtpSent).toHaveLength(before + 1);
    const parsed = await simpleParser(first(smtpSent.slice(before), 'the sent mail'));
    expect(parsed.subject).toBe(MESSAGE.subject);
    expect(recipients(parsed)).toBe('asha@example.in');
    expect(parsed.text).toBe(MESSAGE.text);
    expect(parsed.html).toBe(MESSAGE.html);
    const attachment = first(parsed.attachments, 'the attachments');
    expect(attachment.filename).toBe('invoice-GB-26-27-000042.pdf');
    expect(Buffer.compare(attachment.content, PDF)).toBe(0);
  });

  test('sends a plain message as text alone', async () => {
    const before = smtpSent.length;
    await new SmtpMailer('smtp://mail.example.in:25', FROM).send({ to: 'a@b.in', subject: 'Hi', text: 'Just text' });
    const parsed = await simpleParser(first(smtpSent.slice(before), 'the sent mail'));
    expect(parsed.text).toBe('Just text\n');
    expect(parsed.html).toBe(false);
    expect(parsed.attachments).toHaveLength(0);
  });
});
