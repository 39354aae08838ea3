import { useEffect, useRef, useState } from 'react';
import { PLACE_FILLED_MESSAGE } from '../../../contract/api/delivery';
import { PINCODE_PATTERN } from '../../../contract/delivery';
import { placeOfPincode } from '../../lib/api/delivery';


/**
 * Fills City and State from the pincode the shopper types (the shop's offline directory): once six digits make a
 * pincode, the previous lookup is cancelled and this one asked for; its district and state go into City and State
 * unless the shopper has typed something else there. A pincode the directory does not have, or a lookup that
 * fails, leaves both fields as they are: typing an address by hand is never blocked.
 */
export function usePincodePlace(
  values: { pincode: string; city: string; state: string },
  set: (name: 'city' | 'state', value: string) => void,
): string {
  const [note, setNote] = useState('');
  /** What this hook last wrote into each field: a field still holding it may be written again. */
  const filled = useRef({ city: '', state: '' });
  const current = useRef(values);
  current.current = values;
  const pincode = values.pincode.trim();

  useEffect(() => {
    setNote('');
    if (!PINCODE_PATTERN.test(pincode)) return;
    const controller = new AbortController();
    placeOfPincode(pincode, controller.signal).then(
      (place) => {
        if (!place) return;
        let changed = false;
        for (const name of ['city', 'state'] as const) {
          const now = current.current[name].trim();
          if (now === '' || now === filled.current[name]) {
            filled.current[name] = place[name];
            if (now !== place[name]) set(name, place[name]);
            changed = true;
          }
        }
        if (changed) setNote(PLACE_FILLED_MESSAGE);
      },
      () => undefined, // Cancelled by the next pincode.
    );
    return () => controller.abort();
    // `set` changes every render; the lookup depends on the pincode alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pincode]);
  return note;
}
