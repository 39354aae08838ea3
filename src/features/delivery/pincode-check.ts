/**
 * The delivery check's states and what they mean for the shopper: the lines shown under a
 * pincode, and whether checkout may go on to an address.
 */
import { ApiError } from '../../lib/api/http';
import { shopperMessage } from '../../lib/api/error-message';
import { COD_AVAILABLE_MESSAGE, isPincode, PINCODE_MESSAGE } from '../../../contract/delivery';
import { formatRupees } from '../../../contract/format';
import type { DeliveryAnswer } from '../../../contract/types';

/** Where one check of a pincode stands. */
export type PincodeCheck =
  | { state: 'idle' }
  | { state: 'checking'; pincode: string }
  | { state: 'answered'; pincode: string; answer: DeliveryAnswer }
  /** `invalid`: not a pincode; `failed`: the shop could not be asked (offline, busy). */
  | { state: 'refused'; pincode: string; reason: 'invalid' | 'failed'; message: string };

export const IDLE_CHECK: PincodeCheck = { state: 'idle' };

/** Said when the check could not be made (no answer, or a failure that is not about the pincode). */
export const CHECK_FAILED_MESSAGE = 'Delivery could not be checked. Please try again.';

/** What the shopper typed, as a pincode to check: surrounding spaces dropped, as the address form does. */
export function typedPincode(typed: string): string {
  return typed.trim();
}

/** The check that needs no call: a refusal for anything that is not a pincode, else null. */
export function refuseInvalid(pincode: string): PincodeCheck | null {
  return isPincode(pincode) ? null : { state: 'refused', pincode, reason: 'invalid', message: PINCODE_MESSAGE };
}

/** The check a failed call leaves: the API's refusal of the pincode, or a failure to ask again about. */
export function checkFailed(pincode: string, error: unknown): PincodeCheck {
  if (error instanceof ApiError && error.status === 400) {
    return { state: 'refused', pincode, reason: 'invalid', message: PINCODE_MESSAGE };
  }
  return {
    state: 'refused',
    pincode,
    reason: 'failed',
    message: shopperMessage(error, { refused: CHECK_FAILED_MESSAGE, showServerText: [503] }),
  };
}

/** One line under the pincode; `detail` is a quieter note after it. */
export interface CheckLine {
  text: string;
  tone: 'good' | 'bad' | 'quiet';
  detail?: string;
}

/** What the shopper reads for a check: the date and cash on delivery, or why not. */
export function checkLines(check: PincodeCheck): CheckLine[] {
  switch (check.state) {
    case 'idle':
      return [];
    case 'checking':
      return [{ text: 'Checking delivery...', tone: 'quiet' }];
    case 'refused':
      return [{ text: check.message, tone: 'bad' }];
    case 'answered': {
      const { answer } = check;
      if (!answer.deliverable) return [{ text: answer.message, tone: 'bad' }];
      const cod: CheckLine = answer.cod_available
        ? { text: COD_AVAILABLE_MESSAGE, tone: 'good', detail: `on orders up to ${formatRupees(answer.cod_limit)}` }
        : { text: 'Pay online: cash on delivery is not offered here', tone: 'quiet' };
      return [{ text: answer.message, tone: 'good' }, cod];
    }
  }
}

/**
 * Whether checkout may go on to deliver to `pincode`: `go`, `wait` while its check is under way
 * (or is still about another pincode), or `blocked` where the shop does not deliver or the
 * pincode is not one. A check that could not be made does not block: the order's own check at
 * placement still refuses a pincode the shop does not serve.
 */
export function deliveryVerdict(check: PincodeCheck, pincode: string | null): 'go' | 'wait' | 'blocked' {
  if (pincode === null) return 'go';
  if (check.state === 'idle' || check.pincode !== typedPincode(pincode)) return 'wait';
  switch (check.state) {
    case 'checking':
      return 'wait';
    case 'answered':
      return check.answer.deliverable ? 'go' : 'blocked';
    case 'refused':
      return check.reason === 'invalid' ? 'blocked' : 'go';
  }
}

/** The check as it stands for `pincode`: a check still about another pincode is one about to start. */
export function checkFor(check: PincodeCheck, pincode: string): PincodeCheck {
  const wanted = typedPincode(pincode);
  return check.state !== 'idle' && check.pincode === wanted ? check : { state: 'checking', pincode: wanted };
}
