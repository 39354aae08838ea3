import crypto from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../contract/staff';

/**
 * Crockford's base32 alphabet: no i, l, o or u, so a code copied by hand is not misread. Typed
 * i and l are read as 1 and o as 0.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/**
 * 16 characters of 5 bits: 80 random bits. That is why one unsalted SHA-256 is enough to keep
 * them: even from a stolen database, 2^80 guesses are out of reach (argon2 would cost about
 * 20 ms per stored code at every login).
 */
const CODE_LENGTH = 16;
const GROUP = 4;
const SHAPE = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

/** A code as stored and compared: lower case, without the spaces and dashes it is shown with. */
export function normaliseRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
}

/** True when the typed second factor has the shape of a recovery code. */
export function isRecoveryCode(typed: string): boolean {
  return SHAPE.test(normaliseRecoveryCode(typed));
}

function hashCode(normalised: string): string {
  return crypto.createHash('sha256').update(normalised).digest('hex');
}

/** New recovery codes as shown once ('k3f9-x2ab-…') and the JSON of their hashes to store. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): { codes: string[]; stored: string } {
  const codes = Array.from({ length: count }, () => {
    const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return chars.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
  });
  return { codes, stored: JSON.stringify(codes.map((code) => hashCode(normaliseRecoveryCode(code)))) };
}

/** The stored hashes, or none when the column holds anything else. */
function storedHashes(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

/** How many unused recovery codes `stored` holds. */
export function recoveryCodesLeft(stored: string): number {
  return storedHashes(stored).length;
}

/**
 * The stored codes without `typed` when it is one of them (it is then used up), else null. Every
 * stored hash is compared in constant time.
 */
export function withoutRecoveryCode(stored: string, typed: string): string | null {
  if (!isRecoveryCode(typed)) return null;
  const given = Buffer.from(hashCode(normaliseRecoveryCode(typed)), 'hex');
  const hashes = storedHashes(stored);
  let found = -1;
  hashes.forEach((hash, index) => {
    const candidate = Buffer.from(hash, 'hex');
    if (candidate.length === given.length && crypto.timingSafeEqual(candidate, given)) found = index;
  });
  if (found < 0) return null;
  return JSON.stringify(hashes.filter((_, index) => index !== found));
}
