import { exceedsRupees } from '../../../contract/pricing';
import { codLimitMessage, COD_NOT_HERE_MESSAGE } from '../../../contract/schemas/orders';
import type { PaymentMethod } from '../../../contract/order-lifecycle';
import type { PincodeCheck } from '../delivery/pincode-check';

/** Whether cash on delivery can be chosen, and if not why: the same rules the server keeps. */
export type CodChoice = { allowed: true } | { allowed: false; reason: string };

/** Said while the chosen address's pincode is still being checked. */
export const COD_CHECKING_MESSAGE = 'Checking whether cash on delivery is available here...';

/** Cash on delivery for an order of `totalRupees` to the address whose pincode `check` checked. */
export function codChoice(check: PincodeCheck, totalRupees: number): CodChoice {
  if (check.state !== 'answered') {
    return { allowed: false, reason: check.state === 'checking' ? COD_CHECKING_MESSAGE : COD_NOT_HERE_MESSAGE };
  }
  const { answer } = check;
  if (!answer.deliverable || !answer.cod_available) return { allowed: false, reason: COD_NOT_HERE_MESSAGE };
  if (exceedsRupees(totalRupees, answer.cod_limit)) {
    return { allowed: false, reason: codLimitMessage(answer.cod_limit) };
  }
  return { allowed: true };
}

/** The method to place with: cash on delivery only while it can be chosen, else online. */
export function effectiveMethod(chosen: PaymentMethod, choice: CodChoice): PaymentMethod {
  return chosen === 'cod' && choice.allowed ? 'cod' : 'online';
}
