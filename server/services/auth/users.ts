import { sql } from 'kysely';
import type { Profile } from '../../../contract/types';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { ApiError } from '../../http/errors';

/** The profile answer: SPEC.md §3's Profile plus the user's id. */
export type ProfileAnswer = Profile & { id: number };

/** A user's profile as the API shows it. */
export function profileOf(user: UserRow): ProfileAnswer {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number ?? '',
    profile_picture: user.profile_picture,
  };
}

/** The account with this e-mail, whatever its case. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  // `lower(email)` is what the unique index covers, so this is an index lookup.
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Which of `email` and `phone` another account already has ('email' first), or null. */
export async function findConflict(
  db: Db,
  email: string,
  phone: string,
  exceptUserId?: number,
): Promise<'email' | 'phone' | null> {
  const byEmail = await findUserByEmail(db, email);
  if (byEmail && byEmail.id !== exceptUserId) return 'email';
  const byPhone = await db.selectFrom('users').select('id').where('phone_number', '=', phone).executeTakeFirst();
  if (byPhone && byPhone.id !== exceptUserId) return 'phone';
  return null;
}

/** The 400 for an e-mail or phone number that belongs to another account. */
export function conflictError(field: 'email' | 'phone'): ApiError {
  const message =
    field === 'email' ? 'A user with this email already exists.' : 'A user with this phone number already exists.';
  return new ApiError(400, message, { [field === 'email' ? 'email' : 'phone_number']: [message] });
}

/** True for SQLite's unique-constraint error (two requests raced past the duplicate check). */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/**
 * Runs a write that may hit the e-mail or phone unique index; a violation becomes the same 400
 * the duplicate check gives (which field, found by asking again), never a 500.
 */
export async function withUniqueUser<T>(
  db: Db,
  email: string,
  phone: string,
  exceptUserId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflictError((await findConflict(db, email, phone, exceptUserId)) ?? 'email');
  }
}
