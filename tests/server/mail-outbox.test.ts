import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { first } from '../lists';
import { headerSafe } from '../../server/services/mail/mailer';
import { resetPinMessage } from '../../server/services/mail/messages';
import {
  composeMessage,
  encodeHeaderValue,
  encodeMailbox,
  OutboxMailer,
  rfc5322Date,
} from '../../server/services/mail/outbox';

const FROM = 'GharBazaar <no-reply@gharbazaar.in>';
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Decodes RFC 2047 B-encoded words back to text (what a mail client shows). */
function decodeWords(value: string): string {
  return value
    .split(/\r\n /)
    .map((part) =>
      part.replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8')),
    )
    .join('');
}

function headerLines(raw: string): string[] {
  return raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n');
}

describe('headers', () => {
  test.each([
    ['plain', 'plain'],
    ['a\r\nBcc: evil@example.com', 'a Bcc: evil@example.com'],
    ['a\nb\rc\u0000d\u007fe', 'a b c d e'],
    ['  padded  ', 'padded'],
  ])('headerSafe(%j) = %j', (input, expected) => {
    expect(headerSafe(input)).toBe(expected);
  });

  test('ASCII subjects stay as they are', () => {
    expect(encodeHeaderValue('Your GharBazaar password reset PIN')).toBe('Your GharBazaar password reset PIN');
  });

  test.each([
    'Zoë’s PIN',
    'आपका पिन — देवनागरी में एक लंबा विषय जो कई शब्दों में बँटेगा और फिर भी सही पढ़ा जाएगा',
    '😀'.repeat(30),
  ])('non-ASCII subject %j is encoded in words of at most 75 characters and decodes back exactly', (subject) => {
    const encoded = encodeHeaderValue(subject);
    // eslint-disable-next-line no-control-regex -- the encoded value must be pure ASCII
    expect(encoded).toMatch(/^[\x00-\x7f]*$/);
    for (const word of encoded.split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(decodeWords(encoded)).toBe(subject);
  });

  test('mailboxes: ASCII names quoted, others encoded, bare addresses kept', () => {
    expect(encodeMailbox(FROM)).toBe('"GharBazaar" <no-reply@gharbazaar.in>');
    expect(encodeMailbox('shop@example.in')).toBe('shop@example.in');
    expect(decodeWords(encodeMailbox('घर बाज़ार <a@b.in>'))).toBe('घर बाज़ार <a@b.in>');
  });

  test('dates are RFC 5322 in UTC', () => {
    expect(rfc5322Date(new Date('2026-11-21T10:15:00.123Z'))).toBe('Sat, 21 Nov 2026 10:15:00 +0000');
    expect(rfc5322Date(new Date('2027-01-05T03:04:05Z'))).toBe('Tue, 05 Jan 2027 03:04:05 +0000');
  });
});

describe('composeMessage', () => {
  const raw = composeMessage(
    { to: 'asha@example.in', subject: 'Hello', text: 'line one\nline two\r\nline three' },
    FROM,
    new Date('2026-11-21T10:15:00Z'),
  );

  test('has every header, CRLF line endings and the body', () => {
    const lines = headerLines(raw);
    expect(lines).toEqual([
      'From: "GharBazaar" <no-reply@gharbazaar.in>',
      'To: asha@example.in',
      'Subject: Hello',
      'Date: Sat, 21 Nov 2026 10:15:00 +0000',
      expect.stringMatching(/^Message-ID: <[0-9a-f]{24}@gharbazaar\.in>$/),
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
    ]);
    expect(raw.endsWith('\r\n\r\nline one\r\nline two\r\nline three\r\n')).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  test('a recipient carrying CR/LF cannot add a header', () => {
    const evil = composeMessage(
      { to: 'a@b.in\r\nBcc: spy@example.com', subject: 'S\r\nX-Evil: 1', text: 'x' },
      FROM,
      new Date(),
    );
    const lines = headerLines(evil);
    expect(lines.some((l) => /^Bcc:/i.test(l))).toBe(false);
    expect(lines.some((l) => /^X-Evil:/i.test(l))).toBe(false);
    expect(lines.filter((l) => /^To:/.test(l))).toHaveLength(1);
  });
});

describe('the reset e-mail', () => {
  test('subject and the PIN line as the shop sends them', () => {
    const message = resetPinMessage('asha@example.in', '0427');
    expect(message.subject).toBe('Your GharBazaar password reset PIN');
    expect(message.text.split('\n')).toContain('Your PIN is 0427.');
    expect(message.text).toMatch(/expires in 10 minutes/);
  });
});

describe('OutboxMailer', () => {
  test('writes private .eml files whose names sort by time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-unit-'));
    dirs.push(dir);
    let now = Date.parse('2026-11-21T10:15:00.123Z');
    const mailer = new OutboxMailer(path.join(dir, 'outbox'), FROM, () => now);
    await mailer.send({ to: 'b@example.in', subject: 'second', text: 'x' });
    now -= 60_000;
    await mailer.send({ to: 'a@example.in', subject: 'first', text: 'x' });
    const names = fs.readdirSync(path.join(dir, 'outbox'));
    expect(names).toHaveLength(2);
    const sorted = [...names].sort();
    expect(sorted[0]).toMatch(/^20261121T101400123Z-[0-9a-f]{12}\.eml$/);
    expect(sorted[1]).toMatch(/^20261121T101500123Z-[0-9a-f]{12}\.eml$/);
    expect(fs.readFileSync(path.join(dir, 'outbox', first(sorted, 'the outbox')), 'utf8')).toContain('Subject: first');
    if (process.platform !== 'win32') {
      expect(fs.statSync(path.join(dir, 'outbox', first(sorted, 'the outbox'))).mode & 0o777).toBe(0o600);
    }
  });
});
