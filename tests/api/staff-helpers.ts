import { generate } from 'otplib';
import { expect } from 'vitest';
import type { StaffRole } from '../../contract/staff';
import { createStaffAccount } from '../../server/services/staff/accounts';
import { TOTP_STEP_SECONDS } from '../../server/services/staff/totp';
import { restock, someVariants, type TestApp, type TestVariant } from './helpers';

/** The password of every staff member the tests make. */
export const STAFF_PASSWORD = 'kitchen shelf 42';

/** A signed-in staff member as back-office tests use them. */
export interface SignedInStaff {
  id: number;
  email: string;
  role: StaffRole;
  /** The key of their authenticator app. */
  secret: string;
  /** Their staff token (Bearer). */
  token: string;
  /** Headers carrying the token. */
  headers: Record<string, string>;
}

let serial = 0;

/**
 * Makes a staff member of `role` (stored as the command line stores one) and signs them in with a
 * fresh app code: the clock moves on two TOTP steps first, since a code is taken once per step.
 */
export async function signedInStaff(t: TestApp, role: StaffRole): Promise<SignedInStaff> {
  const email = `${role}-${process.pid}-${(serial += 1)}@staff.gharbazaar.in`;
  const enrolment = await createStaffAccount(t.db, t.clock.now, {
    email,
    name: `Test ${role}`,
    role,
    password: STAFF_PASSWORD,
  });
  t.clock.advance(2 * TOTP_STEP_SECONDS * 1000);
  const code = await generate({ secret: enrolment.totp.secret, epoch: Math.floor(t.clock.now() / 1000) });
  const res = await t.call('POST', '/api/admin/login', { json: { email, password: STAFF_PASSWORD, code } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const token = (res.body as { token: string }).token;
  return {
    id: enrolment.staff.id,
    email,
    role,
    secret: enrolment.totp.secret,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** One signed-in member of each role. */
export async function staffOfEachRole(t: TestApp): Promise<Record<StaffRole, SignedInStaff>> {
  return {
    owner: await signedInStaff(t, 'owner'),
    manager: await signedInStaff(t, 'manager'),
    support: await signedInStaff(t, 'support'),
  };
}

/** One signed-in member of each role, made on first use and kept for the file. */
export function teamOnce(t: TestApp): () => Promise<Record<StaffRole, SignedInStaff>> {
  let team: Promise<Record<StaffRole, SignedInStaff>> | undefined;
  return () => (team ??= staffOfEachRole(t));
}

/** `count` variants from the `offset`-th with plenty on the shelf, made on first use and kept for the file. */
export function stockedOnce(t: TestApp, count: number, offset: number): () => Promise<TestVariant[]> {
  let stock: Promise<TestVariant[]> | undefined;
  return () =>
    (stock ??= (async () => {
      const rows = await someVariants(t, count, offset);
      await restock(
        t,
        rows.map((v) => v.id),
      );
      return rows;
    })());
}
