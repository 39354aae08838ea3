import { useState, type FormEvent } from 'react';
import { indiaDay } from '../../../../contract/format';
import { OrderExportQuery } from '../../../../contract/schemas/admin-orders';
import { validate } from '../../../../contract/schemas/common';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { saveFile } from '../../../ui/save-file';
import { adminMessage } from '../admin-messages';
import { getOrdersCsv } from '../desk-api';

/** The first and last day of the export, with their labels. */
const BOUNDS = [
  ['from', 'From (IST)'],
  ['to', 'To (IST)'],
] as const;

/** The orders of chosen days as a CSV file (for the accounts, or a courier's bulk booking). */
export function OrderExport() {
  const today = indiaDay(Date.now());
  const [days, setDays] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [errors, setErrors] = useState<{ from?: string | undefined; to?: string | undefined }>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(OrderExportQuery, days);
    if (!checked.ok) return setErrors({ from: checked.errors.from, to: checked.errors.to });
    setBusy(true);
    setMessage('');
    try {
      saveFile(await getOrdersCsv(days.from, days.to));
    } catch (e) {
      setMessage(adminMessage(e, 'The orders could not be exported.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="rounded-lg border border-slate-300 bg-white p-3">
      <summary className="cursor-pointer font-semibold">Export orders (CSV)</summary>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3" aria-label="Export orders">
        {BOUNDS.map(([bound, label]) => (
          <Field
            key={bound}
            label={label}
            name={`export-${bound}`}
            type="date"
            value={days[bound]}
            error={errors[bound]}
            onValue={(day) => {
              setDays({ ...days, [bound]: day });
              setErrors({});
            }}
          />
        ))}
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          Download CSV
        </Button>
      </form>
      <FormMessage message={message} kind="error" />
    </details>
  );
}
