import { useId, useState, type FormEvent } from 'react';
import { createAddress } from '../../lib/api/account';
import { shopperMessage } from '../../lib/api/error-message';
import type { Address } from '../../../contract/types';
import { addressSchema } from '../../../contract/schemas/address';
import { validate } from '../../../contract/schemas/common';
import { INDIAN_STATE_NAMES } from '../../../contract/states';
import { Field } from '../../ui/form';
import { FormMessage } from '../../ui/form-message';
import { useFields } from '../../ui/form-state';
import { Button } from '../../ui/Button';
import { usePincodePlace } from './use-pincode-place';

const EMPTY = {
  name: '',
  phone_number: '',
  pincode: '',
  locality: '',
  area: '',
  city: '',
  state: '',
  landmark: '',
  alternate_phone_number: '',
  address_type: 'home',
};

/** A new delivery address, checked by the shared rules; resets after a save. */
export function AddressForm({
  onSaved,
  announce = true,
}: {
  onSaved: (address: Address) => void;
  /** False when the caller says 'saved' itself (the form is about to be hidden). */
  announce?: boolean;
}) {
  const { values, setValues, errors, setErrors, set } = useFields(EMPTY);
  const statesId = useId();
  const [pending, setPending] = useState(false);
  const placeNote = usePincodePlace(values, set);
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(addressSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setPending(true);
    try {
      const saved = await createAddress(checked.data);
      setValues(EMPTY);
      setMessage({ text: announce ? 'Address saved successfully!' : '', kind: 'success' });
      onSaved(saved);
    } catch (error) {
      setMessage({
        text: shopperMessage(error, { refused: 'Failed to save address.', showServerText: [400] }),
        kind: 'error',
      });
    } finally {
      setPending(false);
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      name={name}
      value={values[name]}
      error={errors[name]}
      onValue={(v) => set(name, v)}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" aria-label="New address">
      {field('name', 'Name', { autoComplete: 'name' })}
      {field('phone_number', 'Phone Number', {
        type: 'tel',
        inputMode: 'numeric',
        maxLength: 10,
        autoComplete: 'tel-national',
      })}
      {field('pincode', 'Pincode', {
        inputMode: 'numeric',
        maxLength: 6,
        autoComplete: 'postal-code',
        hint: placeNote || undefined,
      })}
      {field('locality', 'Locality')}
      {field('area', 'Address', { className: 'sm:col-span-2', autoComplete: 'street-address' })}
      {field('city', 'City', { autoComplete: 'address-level2' })}
      {/* The state must be one of India's (the order's place of supply on its tax invoice): offered as typed. */}
      {field('state', 'State', { autoComplete: 'address-level1', list: statesId })}
      <datalist id={statesId}>
        {INDIAN_STATE_NAMES.map((state) => (
          <option key={state} value={state} />
        ))}
      </datalist>
      {field('landmark', 'Landmark (optional)')}
      {field('alternate_phone_number', 'Alternate Phone (optional)', {
        type: 'tel',
        inputMode: 'numeric',
        maxLength: 10,
      })}
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-semibold">Address Type</legend>
        <div className="flex gap-6">
          {(['home', 'work'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2 capitalize">
              <input
                type="radio"
                name="address_type"
                value={type}
                checked={values.address_type === type}
                onChange={() => set('address_type', type)}
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
      {/* Heard when City and State are filled in from the pincode (the hint under Pincode says it to the eye). */}
      <p role="status" className="sr-only">
        {placeNote}
      </p>
      <div className="sm:col-span-2">
        <FormMessage message={message.text} kind={message.kind} />
      </div>
      <Button type="submit" size="lg" className="sm:col-span-2 sm:justify-self-start" disabled={pending}>
        {pending ? 'Saving...' : 'Save Address'}
      </Button>
    </form>
  );
}
