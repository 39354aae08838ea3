import { useEffect, useState } from 'react';
import { getPaymentMode } from '../../lib/api/orders';

/** Asked once per page: every notice on it shows the same answer. */
let mode: Promise<boolean> | null = null;

function testMode(): Promise<boolean> {
  mode ??= getPaymentMode().then(
    (m) => m.testMode,
    () => {
      // Unknown (the API could not be reached): ask again next time rather than guess.
      mode = null;
      return false;
    },
  );
  return mode;
}

/**
 * 'Test mode — no money is taken' while the shop takes payments through its test checkout, so a
 * shopper never mistakes a test order for a real purchase. The server says which mode it is in;
 * the build's HTML shows nothing, so hydration matches whatever the mode.
 */
export function TestModeNotice() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void testMode().then((test) => live && setShown(test));
    return () => {
      live = false;
    };
  }, []);
  if (!shown) return null;
  return (
    <p
      role="note"
      data-test-mode-notice=""
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 font-semibold text-amber-900"
    >
      Test mode — no money is taken
    </p>
  );
}
