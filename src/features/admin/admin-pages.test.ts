import { describe, expect, test } from 'vitest';
import { ApiError } from '../../lib/api/http';
import { STAFF_LOGIN_REFUSED, type StaffRole } from '../../../contract/staff';
import { adminMessage, NO_ANSWER, retryAfterText, staffLoginMessage } from './admin-messages';
import { ADMIN_SECTIONS, navFor } from './admin-nav';
import { auditValueText } from './audit/audit-text';
import { groupedKey, inviteTokenFrom } from './staff/invite-link';
import { qrPath } from './staff/qr-path';
import { pairText } from './synonyms/synonym-list';

const NOW = Date.parse('2026-11-24T08:00:00Z');

describe('the menu shows only what the role may do', () => {
  test.each<[StaffRole, string[]]>([
    [
      'owner',
      [
        'Dashboard',
        'Orders',
        'To pack',
        'Refunds',
        'Catalogue',
        'Synonyms',
        'Reviews',
        'Customers',
        'Staff',
        'Audit log',
      ],
    ],
    ['manager', ['Dashboard', 'Orders', 'To pack', 'Refunds', 'Catalogue', 'Synonyms', 'Reviews']],
    ['support', ['Dashboard', 'Orders', 'To pack', 'Catalogue', 'Synonyms', 'Customers']],
  ])('%s', (role, labels) => {
    expect(navFor(role).map((s) => s.label)).toEqual(labels);
  });

  test('every part of the back office has its page', () => {
    expect(ADMIN_SECTIONS.filter((s) => s.href === null).map((s) => s.key)).toEqual([]);
  });
});

describe('what a refused sign-in says', () => {
  test.each<[string, unknown, string]>([
    ['a wrong password, e-mail or code', new ApiError(401, 'Invalid email, password or code.'), STAFF_LOGIN_REFUSED],
    ['a 401 in other words', new ApiError(401, 'Account disabled.'), STAFF_LOGIN_REFUSED],
    [
      'too many attempts, with Retry-After',
      new ApiError(429, 'Too many attempts. Please try again later.', null, '300'),
      'Too many sign-in attempts. Please try again in 5 minutes.',
    ],
    [
      'too many attempts, without Retry-After',
      new ApiError(429, 'Too many attempts. Please try again later.'),
      'Too many sign-in attempts. Please try again later.',
    ],
    ['a field the server refused', new ApiError(400, 'Email is required.'), 'Email is required.'],
    ['no answer', new ApiError(0, 'Could not reach the API'), NO_ANSWER],
    ['a server failure', new ApiError(500, 'Something went wrong.'), 'Signing in failed. Please try again.'],
  ])('%s', (_, error, expected) => {
    expect(staffLoginMessage(error, NOW)).toBe(expected);
  });

  test.each<[string | null, string]>([
    ['1', 'in 1 second'],
    ['45', 'in 45 seconds'],
    ['60', 'in 1 minute'],
    ['61', 'in 2 minutes'],
    ['3600', 'in 1 hour'],
    ['86400', 'in 24 hours'],
    [new Date(NOW + 120_000).toUTCString(), 'in 2 minutes'],
    [new Date(NOW - 1000).toUTCString(), 'later'],
    ['0', 'later'],
    ['soon', 'later'],
    [null, 'later'],
  ])('Retry-After %j is %s', (value, expected) => {
    expect(retryAfterText(value, NOW)).toBe(expected);
  });

  test("other back-office calls show the server's words, which are meant for staff", () => {
    const lastOwner = 'The shop must keep an owner who can sign in: make another owner first.';
    expect(adminMessage(new ApiError(409, lastOwner), 'Not saved.')).toBe(lastOwner);
    expect(adminMessage(new ApiError(0, 'x'), 'Not saved.')).toBe(NO_ANSWER);
  });
});

describe('the invitation link', () => {
  test.each<[string, string, string]>([
    ['#abcDEF-123_x', '', 'abcDEF-123_x'],
    ['#token=abc', '', 'abc'],
    ['', '?token=abc', 'abc'],
    ['#abc', '?token=other', 'abc'],
    ['#%20abc%20', '', 'abc'],
    ['', '', ''],
    ['#', '', ''],
  ])('hash %j and query %j hold %j', (hash, search, token) => {
    expect(inviteTokenFrom(hash, search)).toBe(token);
  });

  test.each([
    ['JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP'],
    ['ABCDE', 'ABCD E'],
    ['ABCD', 'ABCD'],
  ])('key %s is shown as %s', (key, shown) => {
    expect(groupedKey(key)).toBe(shown);
  });
});

describe('the QR code', () => {
  test('draws one unit square per dark module, at its column and row', () => {
    const dark = new Set(['0,0', '2,1']);
    expect(qrPath({ size: 3, get: (row, col) => dark.has(`${row},${col}`) })).toBe('M0 0h1v1h-1zM1 2h1v1h-1z');
  });
});

describe('a synonym pair in words', () => {
  test.each([
    [{ term: 'haldi', synonym: 'turmeric', both_ways: true }, 'haldi ↔ turmeric'],
    [{ term: 'masoor', synonym: 'red lentil', both_ways: false }, 'masoor → red lentil'],
  ])('%j reads %s', (pair, text) => {
    expect(pairText(pair)).toBe(text);
  });
});

describe('the audit log', () => {
  test.each<[Record<string, unknown> | null, string]>([
    [null, '—'],
    [{}, '—'],
    [{ role: 'manager', disabled_at: null }, 'role: manager\ndisabled_at: null'],
    [{ second_factor: 'confirmed', count: 3, tags: ['a'] }, 'second_factor: confirmed\ncount: 3\ntags: ["a"]'],
    [{ note: '<script>alert(1)</script>' }, 'note: <script>alert(1)</script>'],
  ])('%j is shown as text', (value, text) => {
    expect(auditValueText(value)).toBe(text);
  });
});
