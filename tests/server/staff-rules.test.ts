import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  roleCan,
  type Permission,
  type StaffRole,
} from '../../contract/staff';
import { passwordFromStdin } from '../../server/services/staff/commands';
import {
  isRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  recoveryCodesLeft,
  withoutRecoveryCode,
} from '../../server/services/staff/recovery-codes';
import { newTotpSecret, otpauthUrl, totpStep, TOTP_STEP_SECONDS } from '../../server/services/staff/totp';

/** Who may do what, written out in full: the table in contract/staff.ts must say exactly this. */
const EXPECTED: Record<Permission, StaffRole[]> = {
  'catalogue.read': ['owner', 'manager', 'support'],
  'catalogue.write': ['owner', 'manager'],
  'orders.read': ['owner', 'manager', 'support'],
  'orders.write': ['owner', 'manager', 'support'],
  'refunds.approve': ['owner', 'manager'],
  'reviews.moderate': ['owner', 'manager'],
  'customers.read': ['owner', 'support'],
  'staff.manage': ['owner'],
  'audit.read': ['owner'],
};

describe('the role table', () => {
  const cases = STAFF_ROLES.flatMap((role) =>
    PERMISSIONS.map((permission) => [role, permission, EXPECTED[permission].includes(role)] as const),
  );
  test.each(cases)('%s may %s: %s', (role, permission, allowed) => {
    expect(roleCan(role, permission)).toBe(allowed);
  });

  test('names only known permissions, each once', () => {
    for (const role of STAFF_ROLES) {
      const list = ROLE_PERMISSIONS[role];
      expect(new Set(list).size).toBe(list.length);
      for (const p of list) expect(PERMISSIONS).toContain(p);
    }
  });
});

describe('TOTP codes', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 23, 10, 0, 10);
  const step = Math.floor(now / 1000 / TOTP_STEP_SECONDS);
  const codeAt = (stepsAway: number) =>
    generate({ secret, epoch: Math.floor(now / 1000) + stepsAway * TOTP_STEP_SECONDS });

  test.each([
    ['this step', 0, step],
    ['the step before (a slow phone)', -1, step - 1],
    ['the step after (a fast phone)', 1, step + 1],
    ['two steps before', -2, null],
    ['two steps after', 2, null],
  ])('a code of %s → %s', async (_, stepsAway, expected) => {
    expect(await totpStep(secret, await codeAt(stepsAway), now, null)).toBe(expected);
  });

  test.each([
    ['the step taken last', step, null],
    ['a later step than the one taken', step - 1, step],
  ])('after %s, the code of this step → %s', async (_, lastTaken, expected) => {
    expect(await totpStep(secret, await codeAt(0), now, lastTaken)).toBe(expected);
  });

  test.each(['', '12345', '1234567', 'abcdef', '12 345', '١٢٣٤٥٦'])('%j is never a code', async (code) => {
    expect(await totpStep(secret, code, now, null)).toBeNull();
  });

  test('a damaged key refuses every code instead of throwing', async () => {
    expect(await totpStep('not base32!', '123456', now, null)).toBeNull();
  });

  test('keys are 160 bits of base32, new each time; the otpauth address names the shop and the e-mail', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(otpauthUrl(secret, 'asha@gharbazaar.in'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/GharBazaar staff:asha@gharbazaar.in');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('GharBazaar staff');
  });
});

describe('recovery codes', () => {
  test('ten codes of 80 bits, shown in groups, stored only as hashes', () => {
    const { codes, stored } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    expect(recoveryCodesLeft(stored)).toBe(10);
    for (const code of codes) expect(stored).not.toContain(normaliseRecoveryCode(code));
  });

  test('each works once, in any case and spacing', () => {
    const { codes, stored } = newRecoveryCodes();
    const [first = '', second = ''] = codes;
    const afterFirst = withoutRecoveryCode(stored, ` ${first.toUpperCase().replace(/-/g, ' ')} `);
    expect(afterFirst).not.toBeNull();
    expect(recoveryCodesLeft(afterFirst!)).toBe(9);
    expect(withoutRecoveryCode(afterFirst!, first)).toBeNull();
    expect(recoveryCodesLeft(withoutRecoveryCode(afterFirst!, second)!)).toBe(8);
  });

  test.each([
    ['another set’s code', () => newRecoveryCodes().codes[0] ?? ''],
    ['an app code', () => '123456'],
    ['too short', () => 'abcd-efgh'],
    ['empty', () => ''],
  ])('%s is refused', (_, code) => {
    const { stored } = newRecoveryCodes();
    expect(withoutRecoveryCode(stored, code())).toBeNull();
  });

  test('letters a reader confuses are read as the digits they look like', () => {
    expect(normaliseRecoveryCode('IL0O-abcd')).toBe('1100abcd');
    expect(isRecoveryCode('iiii-llll-oooo-0000')).toBe(true);
  });

  test('damaged storage holds no codes and never throws', () => {
    expect(recoveryCodesLeft('not json')).toBe(0);
    expect(withoutRecoveryCode('{"a":1}', '0000-0000-0000-0000')).toBeNull();
  });
});

describe('a password piped in', () => {
  test.each([
    ['correct horse 42\n', 'correct horse 42'],
    ['correct horse 42\r\n', 'correct horse 42'],
    ['correct horse 42', 'correct horse 42'],
    [' spaced  \n\n', ' spaced  \n'],
  ])('%j → %j', (piped, password) => {
    expect(passwordFromStdin(piped)).toBe(password);
  });
});
