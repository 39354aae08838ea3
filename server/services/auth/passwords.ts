import { hash, verify, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { isEmailLike, passwordProblem } from '../../../contract/schemas/auth';
import { setCommonPasswords } from '../../../contract/schemas/common-passwords';
import { Invalid } from '../errors';

// The server decides with the whole list from the first request on (the browser loads it lazily).
setCommonPasswords(dictionary['passwords-common']);

/**
 * argon2id at OWASP's recommended minimum: 19 MiB, 2 passes, 1 lane. (`algorithm: 2` is
 * Algorithm.Argon2id; the package's enum is a `const enum`, which isolated modules cannot read.)
 */
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * A hash of a random, forgotten password with the same parameters. Checking a login for an
 * unknown e-mail (or a password-less account) against it costs what a real check costs, so the
 * answer's timing does not tell which e-mails have accounts.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$0OSP4n3F56/gyQTXUgf67w$5K+Prth57Kwag3YJ2RICke4jaeZChtfOHFgKTPRzhZA';

/**
 * Refuses a password the shop's rule does not allow for the account of `email` (contract/schemas/auth.ts),
 * with its message under `field`. Every service that sets a password calls it, whatever its route checked.
 */
export function checkNewPassword(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new Invalid(problem, { errors: { [field]: [problem] } });
}

/** A profile's new e-mail that is the account's password (or the password its part before @). */
export const EMAIL_IS_PASSWORD =
  'Your password is this email address, or its part before @: change your password first, then your email.';

/**
 * Refuses moving an account to an e-mail that its (verified) password is: the rule's last clause
 * kept when the e-mail changes rather than the password.
 */
export function checkEmailIsNotPassword(password: string, email: string): void {
  if (isEmailLike(password, email)) {
    throw new Invalid(EMAIL_IS_PASSWORD, { errors: { email: [EMAIL_IS_PASSWORD] } });
  }
}

/** The PHC string (algorithm, parameters, salt and hash) to store for `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `stored`; no stored hash (or a damaged one) never matches, in the same time. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    // A damaged stored hash must not become a 500 for whoever types that e-mail.
    return false;
  }
}
