import type { StaffAccount, StaffEnrolment, StaffMe, StaffMember } from '../../../contract/api/staff';
import { LAST_OWNER, ROLE_PERMISSIONS, type StaffRole } from '../../../contract/staff';
import type { Db } from '../../db';
import type { StaffRow } from '../../db/schema';
import { Conflict, NotFound } from '../errors';
import { isUniqueViolation, lockKey } from '../../repositories/dialect';
import { inTransaction } from '../../repositories/helpers';
import {
  countOtherActiveOwners,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  listStaff,
  replaceRecoveryCodes,
  takeTotpStep,
  updateStaff,
} from '../../repositories/staff';
import { checkNewPassword, hashPassword, verifyPassword } from '../auth/passwords';
import { invalidateBefore } from '../auth/tokens';
import { COMMAND_LINE, recordAudit, type Actor } from './audit';
import { newRecoveryCodes, recoveryCodesLeft, withoutRecoveryCode } from './recovery-codes';
import type { StaffSession } from './tokens';
import { isTotpCode, newTotpSecret, otpauthUrl, totpStep } from './totp';

export const EMAIL_TAKEN = 'This e-mail already has a staff account.';

/** A staff member as answers name them. */
export function staffMemberOf(row: StaffRow): StaffMember {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/** A staff account as owners see it: no password, key or recovery codes. */
export function staffAccountOf(row: StaffRow): StaffAccount {
  return {
    ...staffMemberOf(row),
    second_factor: row.totp_confirmed_at === null ? 'pending' : 'confirmed',
    recovery_codes_left: recoveryCodesLeft(row.recovery_codes),
    created_at: row.created_at,
    created_by: row.created_by,
    disabled_at: row.disabled_at,
  };
}

/** The signed-in staff member, what their role may do, and when the session ends. */
export function staffMeOf(session: StaffSession): StaffMe {
  return {
    ...staffMemberOf(session.staff),
    permissions: [...ROLE_PERMISSIONS[session.staff.role]],
    recovery_codes_left: recoveryCodesLeft(session.staff.recovery_codes),
    expires_at: new Date(session.exp * 1000).toISOString(),
  };
}

export async function listStaffAccounts(db: Db): Promise<StaffAccount[]> {
  return (await listStaff(db)).map(staffAccountOf);
}

/** A second factor being set up: its key, and the recovery codes (shown once) with their stored hashes. */
export interface NewSecondFactor {
  secret: string;
  codes: string[];
  storedCodes: string;
}

export function newSecondFactor(): NewSecondFactor {
  const { codes, stored } = newRecoveryCodes();
  return { secret: newTotpSecret(), codes, storedCodes: stored };
}

/** What a new staff member is shown once. */
export function enrolmentOf(row: StaffRow, factor: NewSecondFactor): StaffEnrolment {
  return {
    staff: staffMemberOf(row),
    totp: { secret: factor.secret, otpauth_url: otpauthUrl(factor.secret, row.email) },
    recovery_codes: factor.codes,
  };
}

/** A new account's fields (the password already hashed). */
export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string;
  createdBy: number | null;
}

/** Stores a new account with its second factor; a taken e-mail is a 409, never a 500. */
export async function insertNewStaff(db: Db, input: NewStaff, factor: NewSecondFactor): Promise<StaffRow> {
  try {
    return await insertStaff(db, {
      email: input.email,
      name: input.name,
      role: input.role,
      password_hash: input.passwordHash,
      totp_secret: factor.secret,
      recovery_codes: factor.storedCodes,
      created_by: input.createdBy,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN);
    throw error;
  }
}

/**
 * Opens an account from the command line (the first owner, or anyone when no owner can sign in):
 * stored with its audit entry in one transaction. Answers what to show its holder once.
 */
export async function createStaffAccount(
  db: Db,
  now: () => number,
  input: { email: string; name: string; role: StaffRole; password: string },
): Promise<StaffEnrolment> {
  checkNewPassword(input.password, input.email);
  if (await findStaffByEmail(db, input.email)) throw new Conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const factor = newSecondFactor();
  const row = await inTransaction(db, async (trx) => {
    const stored = await insertNewStaff(trx, { ...input, passwordHash, createdBy: null }, factor);
    await recordAudit(trx, COMMAND_LINE, now(), {
      action: 'staff.create',
      entity: 'staff',
      entityId: stored.id,
      after: { email: stored.email, name: stored.name, role: stored.role },
      note: 'npm run shop -- staff:create',
    });
    return stored;
  });
  return enrolmentOf(row, factor);
}

/** The staff account with e-mail `email` (in any case), if any: whom a login names. */
export function staffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return findStaffByEmail(db, email);
}

/** Why a login was refused: for the audit log only; the caller hears one message whatever it was. */
export type LoginRefusal =
  | 'unknown e-mail'
  | 'wrong password'
  | 'account disabled'
  | 'wrong code'
  | 'code used already'
  | 'recovery code before the second factor was confirmed';

export type LoginOutcome =
  | { ok: true; staff: StaffRow; factor: 'authenticator code' | 'recovery code'; confirmedNow: boolean }
  | { ok: false; reason: LoginRefusal };

/**
 * Checks a login: the password (against a dummy hash when there is no account, in the same
 * time), then the second factor. An authenticator code is taken once: its time step is stored and
 * no code of it or before works again. A recovery code is used up. The first authenticator code
 * confirms the second factor; recovery codes work only after that, so the first login proves the
 * app was set up.
 */
export async function checkLogin(
  db: Db,
  now: () => number,
  row: StaffRow | undefined,
  password: string,
  code: string,
): Promise<LoginOutcome> {
  const passwordOk = await verifyPassword(row?.password_hash ?? null, password);
  if (!row) return { ok: false, reason: 'unknown e-mail' };
  if (!passwordOk) return { ok: false, reason: 'wrong password' };
  if (row.disabled_at !== null) return { ok: false, reason: 'account disabled' };
  const at = now();
  if (isTotpCode(code)) {
    const step = await totpStep(row.totp_secret, code, at, row.totp_last_step);
    if (step === null) {
      // Right for an earlier step already taken: a replay, which the owner should know of.
      const replayed = row.totp_last_step !== null && (await totpStep(row.totp_secret, code, at, null)) !== null;
      return { ok: false, reason: replayed ? 'code used already' : 'wrong code' };
    }
    if (!(await takeTotpStep(db, row.id, step, new Date(at).toISOString()))) {
      return { ok: false, reason: 'code used already' };
    }
    return { ok: true, staff: row, factor: 'authenticator code', confirmedNow: row.totp_confirmed_at === null };
  }
  if (row.totp_confirmed_at === null) {
    return { ok: false, reason: 'recovery code before the second factor was confirmed' };
  }
  const remaining = withoutRecoveryCode(row.recovery_codes, code);
  // Compare-and-set: of two logins racing with one code, one wins.
  if (remaining === null || !(await replaceRecoveryCodes(db, row.id, row.recovery_codes, remaining))) {
    return { ok: false, reason: 'wrong code' };
  }
  return { ok: true, staff: row, factor: 'recovery code', confirmedNow: false };
}

/** Refused because the shop would be left without an owner who can sign in. */
class LastOwnerRefusal extends Error {}

/**
 * An owner changes a staff account's role or disables it (or enables it again). The shop keeps
 * at least one owner who can sign in: demoting or disabling the last one is refused (409, and a
 * denied entry in the log). The check and the change hold one lock on PostgreSQL (SQLite has one
 * writer), so two owners demoting each other at once cannot both succeed. Disabling ends the
 * account's sessions at once.
 */
export async function changeStaff(
  db: Db,
  actor: Actor,
  now: () => number,
  id: number,
  changes: { role?: StaffRole; disabled?: boolean },
): Promise<StaffAccount> {
  try {
    const row = await inTransaction(db, async (trx) => {
      await lockKey(trx, 'staff owners');
      const current = await findStaffById(trx, id);
      if (!current) throw new NotFound('No such staff member.');
      const at = now();
      const role = changes.role ?? current.role;
      const disabledAt =
        changes.disabled === undefined
          ? current.disabled_at
          : changes.disabled
            ? (current.disabled_at ?? new Date(at).toISOString())
            : null;
      if (role === current.role && disabledAt === current.disabled_at) return current;
      const signsInAsOwner =
        current.role === 'owner' && current.disabled_at === null && current.totp_confirmed_at !== null;
      if (signsInAsOwner && (role !== 'owner' || disabledAt !== null)) {
        if ((await countOtherActiveOwners(trx, id)) === 0) throw new LastOwnerRefusal();
      }
      const updated = await updateStaff(trx, id, {
        role,
        disabled_at: disabledAt,
        ...(disabledAt !== null && current.disabled_at === null
          ? { tokens_valid_after: invalidateBefore(at, current.tokens_valid_after) }
          : {}),
      });
      await recordAudit(trx, actor, at, {
        action: 'staff.change',
        entity: 'staff',
        entityId: id,
        before: { role: current.role, disabled_at: current.disabled_at },
        after: { role: updated.role, disabled_at: updated.disabled_at },
      });
      return updated;
    });
    return staffAccountOf(row);
  } catch (error) {
    if (!(error instanceof LastOwnerRefusal)) throw error;
    await recordAudit(db, actor, now(), {
      action: 'staff.change',
      entity: 'staff',
      entityId: id,
      after: { ...changes },
      outcome: 'denied',
      note: LAST_OWNER,
    });
    throw new Conflict(LAST_OWNER);
  }
}
