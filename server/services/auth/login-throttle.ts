import { consumeAll, type Throttle } from '../rate-limit';

/** The throttles a login is counted against: shoppers' and staff's have the same four. */
export interface LoginThrottles {
  loginAttemptsPerAddress: Throttle;
  loginFailuresPerAccountAndAddress: Throttle;
  loginFailuresPerAccountDaily: Throttle;
  loginFailuresPerDevice: Throttle;
}

/** One login attempt as the throttles see it. */
export interface LoginAttempt {
  /** The account's device cookie the browser presented, or null (a stranger's browser, or none). */
  device: string | null;
  /** The e-mail as typed, lower-cased. */
  emailKey: string;
  /** The client address's throttle key. */
  source: string;
}

/**
 * The counters of one login: a browser holding the account's device cookie is counted against
 * that cookie alone; every other browser against its address, the (account, address) pair and
 * the account's daily cap. So strangers' failures lock out strangers, never the owner's own
 * browser (OWASP's device-cookie rule).
 */
function countersOf(throttles: LoginThrottles, { device, emailKey, source }: LoginAttempt): [Throttle, string][] {
  return device
    ? [[throttles.loginFailuresPerDevice, device]]
    : [
        [throttles.loginAttemptsPerAddress, source],
        [throttles.loginFailuresPerAccountAndAddress, `${emailKey} ${source}`],
        [throttles.loginFailuresPerAccountDaily, emailKey],
      ];
}

/**
 * Counts the attempt before the (slow) checks, so parallel guesses cannot slip past a limit;
 * answers the seconds to wait when a limit is reached, 0 otherwise.
 */
export function countLoginAttempt(throttles: LoginThrottles, attempt: LoginAttempt): Promise<number> {
  return consumeAll(countersOf(throttles, attempt));
}

/**
 * A success is no failure: its count is taken back, and the failures before it from this browser
 * or address were the owner's own typing.
 */
export async function forgiveLoginAttempt(throttles: LoginThrottles, { device, emailKey, source }: LoginAttempt) {
  if (device) {
    await throttles.loginFailuresPerDevice.reset(device);
    return;
  }
  await throttles.loginAttemptsPerAddress.refund(source);
  await throttles.loginFailuresPerAccountAndAddress.reset(`${emailKey} ${source}`);
  await throttles.loginFailuresPerAccountDaily.refund(emailKey);
}
