import { useEffect, useState, type Dispatch } from 'react';
import { deliveryVerdict } from '../delivery/pincode-check';
import { usePincodeCheck } from '../delivery/use-pincode-check';
import type { CheckoutAction } from './checkout-flow';

/**
 * The chosen address's pincode, checked at once: where the shop does not deliver, Deliver Here
 * and Place Order stay disabled and the address says why, before any order is made. Deliver Here
 * pressed while the check is under way goes ahead once it says the shop delivers.
 */
export function useDeliveryGate(pincode: string | null, dispatch: Dispatch<CheckoutAction>) {
  const [delivery, checkPincode] = usePincodeCheck();
  const verdict = deliveryVerdict(delivery, pincode);
  const [deliverWhenChecked, setDeliverWhenChecked] = useState(false);
  useEffect(() => {
    checkPincode(pincode);
  }, [pincode, checkPincode]);
  useEffect(() => {
    if (!deliverWhenChecked || verdict === 'wait') return;
    setDeliverWhenChecked(false);
    if (verdict === 'go') dispatch({ type: 'deliverHere' });
  }, [deliverWhenChecked, verdict, dispatch]);
  /** Deliver Here pressed: now, or once the check answers. */
  const deliverHere = () => (verdict === 'wait' ? setDeliverWhenChecked(true) : dispatch({ type: 'deliverHere' }));
  return { delivery, verdict, deliverWhenChecked, deliverHere };
}
