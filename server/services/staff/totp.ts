import { generateSecret, generateURI, verify } from 'otplib';
import { SHOP_NAME } from '../../../contract/shop';

/** Seconds a TOTP code lasts: RFC 6238's default, and what every authenticator app uses. */
export const TOTP_STEP_SECONDS = 30;
/**
 * Codes of the step before and the step after now are taken too (±1 step): a phone's clock a
 * little off, or a code typed as it turned over, still works; anything older does not.
 */
const TOLERANCE_SECONDS = TOTP_STEP_SECONDS;
const TOTP_CODE = /^\d{6}$/;

/** The name the authenticator app shows beside the codes. */
export const TOTP_ISSUER = `${SHOP_NAME} staff`;

/** A new TOTP key: 20 random bytes (160 bits, RFC 4226's recommendation) in base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The key as an otpauth:// address, which authenticator apps read from a QR code. */
export function otpauthUrl(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: TOTP_STEP_SECONDS });
}

/** True when the typed second factor looks like an app's code (six digits). */
export function isTotpCode(code: string): boolean {
  return TOTP_CODE.test(code);
}

/**
 * The time step of `code` when it is right for `secret` at `nowMs` (±1 step) and of a step after
 * `afterStep` (the last one taken: a code is never taken twice), else null.
 */
export async function totpStep(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      period: TOTP_STEP_SECONDS,
      epochTolerance: TOLERANCE_SECONDS,
      afterTimeStep: afterStep ?? undefined,
    });
    // A TOTP result carries its time step (the type also covers HOTP's, which has none).
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A damaged stored key must not become a 500 for whoever types that e-mail.
    return null;
  }
}
