import { useState, type FormEvent } from 'react';
import type { Courier } from '../../../../contract/api/admin-orders';
import { CourierBody, trackingLink } from '../../../../contract/schemas/admin-orders';
import { validate } from '../../../../contract/schemas/common';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { DeskNotice } from '../DeskNotice';
import { useLoaded } from '../use-loaded';
import { addCourier, changeCourier, getCouriers } from './packing-api';

type Draft = { name: string; tracking_url: string; active: boolean };
type Errors = { name?: string | undefined; tracking_url?: string | undefined };

/** One courier's form: its name, tracking address and whether it is offered; or a new courier's. */
function CourierForm({
  courier,
  canEdit,
  onSaved,
}: {
  courier: Courier | null;
  canEdit: boolean;
  onSaved: (saved: Courier, message: string) => void;
}) {
  const blank: Draft = { name: '', tracking_url: 'https://', active: true };
  const [draft, setDraft] = useState<Draft>(courier ?? blank);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const what = courier ? courier.name : 'new courier';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(CourierBody, draft);
    if (!checked.ok) return setErrors({ name: checked.errors.name, tracking_url: checked.errors.tracking_url });
    setBusy(true);
    setFailure('');
    try {
      const saved = courier ? await changeCourier(courier.id, draft) : await addCourier(draft);
      if (!courier) setDraft(blank);
      onSaved(saved, courier ? `${saved.name} is saved.` : `${saved.name} is added.`);
    } catch (e) {
      setFailure(adminMessage(e, 'The courier could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const set = (change: Partial<Draft>) => {
    setDraft({ ...draft, ...change });
    setErrors({});
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={courier ? `Courier ${courier.name}` : 'Add a courier'}
      className="space-y-2"
    >
      <div className="grid gap-2 md:grid-cols-[12rem_1fr_auto] md:items-end">
        <Field
          label="Courier"
          name="courier-name"
          value={draft.name}
          error={errors.name}
          readOnly={!canEdit}
          onValue={(name) => set({ name })}
        />
        <Field
          label={`Tracking address of the ${what}`}
          name="courier-url"
          value={draft.tracking_url}
          error={errors.tracking_url}
          readOnly={!canEdit}
          hint="https, with {awb} where the AWB number goes"
          onValue={(url) => set({ tracking_url: url })}
        />
        <label className="flex items-center gap-2 pb-2">
          <input
            type="checkbox"
            checked={draft.active}
            disabled={!canEdit}
            onChange={(e) => set({ active: e.target.checked })}
            className="h-5 w-5"
          />
          Offered
        </label>
      </div>
      {courier && (
        <p className="text-sm break-all text-muted">Example: {trackingLink(courier.tracking_url, 'AWB123456')}</p>
      )}
      {canEdit && (
        <Button type="submit" size="sm" variant={courier ? 'secondary' : 'primary'} disabled={busy}>
          {courier ? `Save ${courier.name}` : 'Add courier'}
        </Button>
      )}
      <FormMessage message={failure} kind="error" />
    </form>
  );
}

/** The couriers orders ship with, and each one's tracking address: owners edit them, others read them. */
export function CouriersSection({ canEdit }: { canEdit: boolean }) {
  const { value: couriers, setValue: setCouriers, error } = useLoaded(getCouriers, 'The couriers could not be loaded.');
  const [message, setMessage] = useState('');

  const saved = (courier: Courier, text: string) => {
    setCouriers((list) => {
      const others = (list ?? []).filter((c) => c.id !== courier.id);
      return [...others, courier].sort((a, b) => a.name.localeCompare(b.name));
    });
    setMessage(text);
  };

  return (
    <section aria-labelledby="couriers-heading" className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="couriers-heading" className="text-lg font-bold">
        Couriers
      </h2>
      <p className="text-sm text-muted">
        Shipping an order with a courier from this list sends the customer its tracking link.
        {!canEdit && ' Only an owner can change the list.'}
      </p>
      <FormMessage message={error} kind="error" />
      <DeskNotice message={message} kind="success" />
      {couriers && (
        <ul className="space-y-4 divide-y divide-slate-200">
          {couriers.map((courier) => (
            <li key={courier.id} className="pt-3">
              <CourierForm courier={courier} canEdit={canEdit} onSaved={saved} />
            </li>
          ))}
          {canEdit && (
            <li className="pt-3">
              <CourierForm courier={null} canEdit onSaved={saved} />
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
