import { useEffect, useState, type FormEvent } from 'react';
import type { OrderAlerts } from '../../../../contract/api/admin-orders';
import { Button } from '../../../ui/Button';
import { adminMessage } from '../admin-messages';
import { DeskNotice } from '../DeskNotice';
import { getOrderAlerts, setOrderAlerts } from './packing-api';

const CHOICES: readonly { key: keyof OrderAlerts; label: string; hint: string }[] = [
  {
    key: 'new_orders',
    label: 'New orders',
    hint: 'Every order since the last e-mail, at most one e-mail every 10 minutes.',
  },
  {
    key: 'daily_summary',
    label: 'Morning summary',
    hint: 'Each day from 08:00 IST: the day before’s orders, cancellations and refunds, and what waits.',
  },
];

/** The signed-in staff member's e-mails of orders, each on or off. */
export function OrderAlertsForm() {
  const [choices, setChoices] = useState<OrderAlerts | null>(null);
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getOrderAlerts(controller.signal)
      .then(setChoices)
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          setMessage({ text: adminMessage(e, 'Your e-mails could not be loaded.'), kind: 'error' });
      });
    return () => controller.abort();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!choices) return;
    setBusy(true);
    setMessage({ text: '', kind: 'success' });
    try {
      setChoices(await setOrderAlerts(choices));
      setMessage({ text: 'Your e-mails are saved.', kind: 'success' });
    } catch (e) {
      setMessage({ text: adminMessage(e, 'Your e-mails could not be saved. Please try again.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="alerts-heading" className="space-y-2">
      <h2 id="alerts-heading" className="text-lg font-bold">
        E-mails to me about orders
      </h2>
      {choices && (
        <form noValidate onSubmit={submit} aria-label="E-mails to me about orders" className="space-y-3">
          {CHOICES.map(({ key, label, hint }) => (
            <label key={key} className="flex items-start gap-3">
              <input
                type="checkbox"
                name={key}
                checked={choices[key]}
                onChange={(e) => setChoices({ ...choices, [key]: e.target.checked })}
                className="mt-1 h-5 w-5"
              />
              <span>
                <span className="font-semibold">{label}</span>
                <span className="block text-sm text-muted">{hint}</span>
              </span>
            </label>
          ))}
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            Save my e-mails
          </Button>
        </form>
      )}
      <DeskNotice message={message.text} kind={message.kind} />
    </section>
  );
}
