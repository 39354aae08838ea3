import { useEffect, useState, type FormEvent } from 'react';
import { REFUND_LIMIT_INVALID, RefundLimitsBody } from '../../../../contract/schemas/admin-orders';
import { validate } from '../../../../contract/schemas/common';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { getRefundLimits, setRefundLimits } from '../desk-api';

const ROLES = [
  { role: 'support', label: 'Support may refund up to (₹)' },
  { role: 'manager', label: 'Managers may refund up to (₹)' },
] as const;

type Role = (typeof ROLES)[number]['role'];

/** A limit as the form shows it: rupees, or empty for no limit. */
const shown = (limit: number | null) => (limit === null ? '' : String(limit));

/** The rupees typed, as the API takes them: empty is no limit; anything else must be a whole number. */
function typed(value: string): number | null | string {
  const text = value.trim();
  if (text === '') return null;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/**
 * The most support and managers may refund on their own; above it, a cancellation with refund
 * waits for a manager or an owner. Owners have no limit.
 */
export function RefundLimitsForm() {
  const [values, setValues] = useState<Record<Role, string> | null>(null);
  const [errors, setErrors] = useState<Record<Role, string | undefined>>({ support: undefined, manager: undefined });
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getRefundLimits(controller.signal)
      .then((limits) => setValues({ support: shown(limits.support), manager: shown(limits.manager) }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) {
          setMessage({ text: adminMessage(e, 'The refund limits could not be loaded.'), kind: 'error' });
        }
      });
    return () => controller.abort();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    const checked = validate(RefundLimitsBody, { support: typed(values.support), manager: typed(values.manager) });
    if (!checked.ok) {
      return setErrors({ support: checked.errors.support, manager: checked.errors.manager });
    }
    setBusy(true);
    setMessage({ text: '', kind: 'success' });
    try {
      const saved = await setRefundLimits(checked.data);
      setValues({ support: shown(saved.support), manager: shown(saved.manager) });
      setMessage({ text: 'Refund limits saved.', kind: 'success' });
    } catch (e) {
      setMessage({ text: adminMessage(e, 'The refund limits could not be saved.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="refund-limits-heading"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2 id="refund-limits-heading" className="text-lg font-bold">
        Refund limits
      </h2>
      <p className="text-sm text-muted">
        A cancellation that refunds more waits for a manager or an owner (not the person who asked). Leave a box empty
        for no limit. {REFUND_LIMIT_INVALID}
      </p>
      {values && (
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Refund limits">
          {ROLES.map(({ role, label }) => (
            <Field
              key={role}
              label={label}
              name={`refund-limit-${role}`}
              inputMode="numeric"
              autoComplete="off"
              value={values[role]}
              error={errors[role]}
              onValue={(value) => {
                setValues({ ...values, [role]: value });
                setErrors({ ...errors, [role]: undefined });
              }}
            />
          ))}
          <Button type="submit" size="sm" disabled={busy}>
            Save limits
          </Button>
        </form>
      )}
      <FormMessage message={message.text} kind={message.kind} />
    </section>
  );
}
