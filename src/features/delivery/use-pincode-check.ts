import { useCallback, useEffect, useRef, useState } from 'react';
import { checkDelivery } from '../../lib/api/delivery';
import { checkFailed, IDLE_CHECK, refuseInvalid, typedPincode, type PincodeCheck } from './pincode-check';

/**
 * The delivery check of one pincode at a time: `check(typed)` asks the shop about it (null
 * forgets it), and the state follows the latest pincode asked about; an answer that arrives for
 * an earlier one is dropped. Answers are cached by the browser for a few minutes (the API says
 * so), so checking a pincode again costs no call.
 */
export function usePincodeCheck(): [PincodeCheck, (typed: string | null) => void] {
  const [state, setState] = useState<PincodeCheck>(IDLE_CHECK);
  const latest = useRef<AbortController | null>(null);

  useEffect(() => () => latest.current?.abort(), []);

  const check = useCallback((typed: string | null) => {
    latest.current?.abort();
    latest.current = null;
    if (typed === null) return setState(IDLE_CHECK);
    const pincode = typedPincode(typed);
    const invalid = refuseInvalid(pincode);
    if (invalid) return setState(invalid);
    const asking = new AbortController();
    latest.current = asking;
    setState({ state: 'checking', pincode });
    checkDelivery(pincode, asking.signal).then(
      (answer) => {
        if (!asking.signal.aborted) setState({ state: 'answered', pincode, answer });
      },
      (error: unknown) => {
        if (!asking.signal.aborted) setState(checkFailed(pincode, error));
      },
    );
  }, []);

  return [state, check];
}
