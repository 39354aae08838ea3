import crypto from 'node:crypto';
import type { StaffEnrolment, StaffInviteAnswer } from '../../../contract/api/staff';
import { INVITE_HOURS, INVITE_NOT_VALID, type StaffRole } from '../../../contract/staff';
import type { StaffRow } from '../../db/schema';
import { Conflict, Invalid } from '../errors';
import { inTransaction } from '../../repositories/helpers';
import {
  claimInvite,
  expireInvitesOf,
  findInviteByTokenHash,
  findStaffByEmail,
  insertInvite,
  updateStaff,
} from '../../repositories/staff';
import { checkNewPassword, hashPassword } from '../auth/passwords';
import { invalidateBefore } from '../auth/tokens';
import { staffInviteMessage } from '../mail/staff-mails';
import { recordAudit, type Actor } from './audit';
import { EMAIL_TAKEN, enrolmentOf, insertNewStaff, newSecondFactor } from './accounts';
import type { StaffContext } from './context';

/** The page of the /admin pages where an invitation is accepted; the token follows `#`. */
export const INVITE_PAGE = '/admin/invite';

function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * An account that blocks a new invitation: one whose holder can sign in, or a disabled one (an
 * owner enables it instead). An account whose second factor was never confirmed does not: its
 * holder lost the key before the first login, and accepting the new invitation starts it afresh.
 */
function blocksInvitation(row: StaffRow | undefined): boolean {
  return !!row && (row.totp_confirmed_at !== null || row.disabled_at !== null);
}

/**
 * An owner invites someone: a random token (256 bits) of which only the SHA-256 is stored, usable
 * once within INVITE_HOURS, e-mailed as a link whose token is in the fragment (browsers send no
 * fragment to servers or in Referer headers). A newer invitation to the same e-mail ends the
 * earlier ones.
 */
export async function inviteStaff(
  staff: StaffContext,
  actor: Actor,
  inviter: Pick<StaffRow, 'id' | 'name'>,
  input: { email: string; role: StaffRole },
): Promise<StaffInviteAnswer> {
  if (blocksInvitation(await findStaffByEmail(staff.db, input.email))) {
    await recordAudit(staff.db, actor, staff.now(), {
      action: 'staff.invite',
      entity: 'staff_invite',
      after: { email: input.email, role: input.role },
      outcome: 'denied',
      note: EMAIL_TAKEN,
    });
    throw new Conflict(EMAIL_TAKEN);
  }
  const token = crypto.randomBytes(32).toString('base64url');
  const at = staff.now();
  const expiresAt = new Date(at + INVITE_HOURS * 3600_000);
  await inTransaction(staff.db, async (trx) => {
    await expireInvitesOf(trx, input.email, new Date(at).toISOString());
    const invite = await insertInvite(trx, {
      token_hash: tokenHash(token),
      email: input.email,
      role: input.role,
      invited_by: inviter.id,
      expires_at: expiresAt.toISOString(),
    });
    await recordAudit(trx, actor, at, {
      action: 'staff.invite',
      entity: 'staff_invite',
      entityId: invite.id,
      after: { email: invite.email, role: invite.role, expires_at: invite.expires_at },
    });
  });
  const link = `${staff.siteUrl}${INVITE_PAGE}#${token}`;
  try {
    await staff.mailer.send(
      staffInviteMessage(input.email, { role: input.role, invitedBy: inviter.name, link, expiresAt }),
    );
  } catch (error) {
    // The owner holds the link in the answer and can pass it on another way.
    console.error(`Could not send the staff invitation e-mail: ${String(error)}`);
  }
  return { email: input.email, role: input.role, token, link, expires_at: expiresAt.toISOString() };
}

/**
 * The invited person opens their account: the invitation is claimed (once, even under a race),
 * the account stored with a new second factor, and its entry written, all in one transaction;
 * an invitation that is unknown, expired or used changes nothing and is refused with one message.
 * Answers the key and recovery codes, shown once; the first login with a code confirms the key.
 */
export async function acceptInvite(
  staff: StaffContext,
  ip: string | null,
  input: { token: string; name: string; password: string },
): Promise<StaffEnrolment> {
  const notValid = new Invalid(INVITE_NOT_VALID);
  const invite = await findInviteByTokenHash(staff.db, tokenHash(input.token));
  if (!invite || invite.used_at !== null || invite.expires_at <= new Date(staff.now()).toISOString()) throw notValid;
  checkNewPassword(input.password, invite.email);
  const passwordHash = await hashPassword(input.password);
  const factor = newSecondFactor();
  const row = await inTransaction(staff.db, async (trx) => {
    const at = staff.now();
    if (!(await claimInvite(trx, invite.id, new Date(at).toISOString()))) throw notValid;
    const existing = await findStaffByEmail(trx, invite.email);
    if (blocksInvitation(existing)) throw new Conflict(EMAIL_TAKEN);
    const stored = existing
      ? await updateStaff(trx, existing.id, {
          name: input.name,
          role: invite.role,
          password_hash: passwordHash,
          totp_secret: factor.secret,
          totp_confirmed_at: null,
          totp_last_step: null,
          recovery_codes: factor.storedCodes,
          tokens_valid_after: invalidateBefore(at, existing.tokens_valid_after),
          created_by: invite.invited_by,
        })
      : await insertNewStaff(
          trx,
          { email: invite.email, name: input.name, role: invite.role, passwordHash, createdBy: invite.invited_by },
          factor,
        );
    await recordAudit(trx, { staffId: stored.id, ip }, at, {
      action: 'staff.join',
      entity: 'staff',
      entityId: stored.id,
      before: existing ? { name: existing.name, role: existing.role, second_factor: 'pending' } : null,
      after: { email: stored.email, name: stored.name, role: stored.role, invited_by: invite.invited_by },
      note: existing
        ? `Invitation #${invite.id} accepted again before the first login: the earlier key and recovery codes no longer work.`
        : `Invitation #${invite.id}`,
    });
    return stored;
  });
  return enrolmentOf(row, factor);
}
