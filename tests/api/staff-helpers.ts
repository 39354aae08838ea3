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

/** What a new staff member's login sends: their e-mail, the password and a fresh code of their app. */
export interface StaffLogin {
  id: number;
  email: string;
  /** The key of their authenticator app. */
  secret: string;
  /** The login's body. */
  json: { email: string; password: string; code: string };
}

/**
 * Makes a staff member of `role` (stored as the command line stores one) and a fresh app code for
 * their login: the clock moves on two TOTP steps first, since a code is taken once per step.
 */
export async function newStaffLogin(
  t: TestApp,
  role: StaffRole,
  { email = `${role}-${process.pid}-${(serial += 1)}@staff.gharbazaar.in`, name = `Test ${role}` } = {},
): Promise<StaffLogin> {
  const enrolment = await createStaffAccount(t.db, t.clock.now, { email, name, role, password: STAFF_PASSWORD });
  t.clock.advance(2 * TOTP_STEP_SECONDS * 1000);
  const code = await generate({ secret: enrolment.totp.secret, epoch: Math.floor(t.clock.now() / 1000) });
  return {
    id: enrolment.staff.id,
    email,
    secret: enrolment.totp.secret,
    json: { email, password: STAFF_PASSWORD, code },
  };
}

/** Makes a staff member of `role` and signs them in with a fresh app code (the bearer token). */
export async function signedInStaff(t: TestApp, role: StaffRole): Promise<SignedInStaff> {
  const { id, email, secret, json } = await newStaffLogin(t, role);
  const res = await t.call('POST', '/api/admin/login', { json });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const token = (res.body as { token: string }).token;
  return { id, email, role, secret, token, headers: { authorization: `Bearer ${token}` } };
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
