import type { Updateable } from 'kysely';
import type { Profile } from '../../../contract/types';
import type { Db } from '../../db';
import type { UserRow, UsersTable } from '../../db/schema';
import { Invalid } from '../errors';
import { isUniqueViolation } from '../../repositories/dialect';
import { findUserByEmail, findUsersByEmailOrPhone, insertUser, updateUser } from '../../repositories/users';

/** The profile answer: the shop's Profile plus the user's id. */
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

/** The account with e-mail `email`, if any: whom a login or a password reset names. */
export function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

/** Which of `email` and `phone` another account already has ('email' first), or null. */
export async function findConflict(
  db: Db,
  email: string,
  phone: string,
  exceptUserId?: number,
): Promise<'email' | 'phone' | null> {
  const others = (await findUsersByEmailOrPhone(db, email, phone)).filter((u) => u.id !== exceptUserId);
  if (others.some((u) => u.email.toLowerCase() === email.toLowerCase())) return 'email';
  return others.length > 0 ? 'phone' : null;
}

/** The 400 for an e-mail or phone number that belongs to another account. */
export function conflictError(field: 'email' | 'phone'): Invalid {
  const message =
    field === 'email' ? 'A user with this email already exists.' : 'A user with this phone number already exists.';
  return new Invalid(message, { errors: { [field === 'email' ? 'email' : 'phone_number']: [message] } });
}

/** Opens an account; answers its id. A taken e-mail or phone number is the duplicate check's 400. */
export function registerUser(
  db: Db,
  input: { first_name: string; last_name: string; email: string; phone_number: string },
  passwordHash: string,
  at: string,
): Promise<number> {
  return withUniqueUser(db, input.email, input.phone_number, undefined, () =>
    insertUser(db, { ...input, password_hash: passwordHash, updated_at: at }),
  );
}

/** Changes an account's profile; answers it as stored. A taken e-mail or phone number is the duplicate check's 400. */
export function saveProfile(
  db: Db,
  user: Pick<UserRow, 'id'>,
  changes: Updateable<UsersTable> & { email: string; phone_number: string },
): Promise<UserRow> {
  return withUniqueUser(db, changes.email, changes.phone_number, user.id, () => updateUser(db, user.id, changes));
}

/**
 * Runs a write that may hit the e-mail or phone unique index; a violation becomes the same 400
 * the duplicate check gives (which field, found by asking again), never a 500.
 */
async function withUniqueUser<T>(
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
