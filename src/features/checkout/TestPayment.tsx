import { useEffect, useState, type FormEvent } from 'react';
import { formatRupees } from '../../../contract/format';
import { testPayment } from './place-order';
import { rupeesToPaise } from '../../../contract/pricing';
import { $session, requireSession } from '../../lib/stores/session';
import { showDialog } from '../../lib/stores/ui';
import { Field } from '../../ui/form';
import { FormMessage } from '../../ui/form-message';
import { TestModeNotice } from './TestModeNotice';
import { Button } from '../../ui/Button';

const MIN_RUPEES = 1;
const MAX_RUPEES = 1000;

/** The /razorpay page: pays a small test amount through the checkout, with nothing bought. */
export function TestPayment() {
  const [allowed, setAllowed] = useState(false);
  const [amount, setAmount] = useState('1');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState('');

  useEffect(() => setAllowed(requireSession()), []);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const rupees = Number(amount);
    if (!Number.isFinite(rupees) || rupees < MIN_RUPEES || rupees > MAX_RUPEES) {
      return setError(`Enter an amount from ${formatRupees(MIN_RUPEES)} to ${formatRupees(MAX_RUPEES)}.`);
    }
    setError('');
    setResult('');
    setPending(true);
    const user = $session.get().user ?? {};
    const outcome = await testPayment(rupeesToPaise(rupees), {
      name: `${String(user.first_name ?? '')} ${String(user.last_name ?? '')}`.trim() || undefined,
      email: typeof user.email === 'string' ? user.email : undefined,
    });
    setPending(false);
    if (outcome.ok) {
      setResult(`Payment Successful! ${formatRupees(rupees)} was paid and verified by the server.`);
      showDialog({ title: 'Payment Successful!', text: 'The test payment was verified.', icon: 'success' });
    } else {
      showDialog({ title: outcome.title, text: outcome.text, icon: 'error' });
    }
  };

  if (!allowed) return <p role="status">Checking your session...</p>;
  return (
    <form noValidate onSubmit={pay} className="flex flex-col gap-4">
      <TestModeNotice />
      <Field
        label="Amount (₹)"
        name="amount"
        type="number"
        inputMode="decimal"
        min={MIN_RUPEES}
        max={MAX_RUPEES}
        step="0.01"
        value={amount}
        error={error}
        onValue={setAmount}
      />
      <FormMessage message={result} kind="success" />
      <Button type="submit" size="xl" disabled={pending}>
        {pending ? 'Opening checkout...' : `Pay ${formatRupees(Number(amount) || 0)}`}
      </Button>
    </form>
  );
}
