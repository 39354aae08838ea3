import type { Courier } from '../../../../contract/api/admin-orders';
import { Field, SelectField } from '../../../ui/form';
import type { ShipChoice } from './order-moves';

/**
 * Shipping's fields: the courier (from the shop's list, or another, named in the note) and the
 * AWB number; the tracking link of a courier from the list goes to the customer.
 */
export function ShipFields({
  couriers,
  choice,
  error,
  onChoice,
}: {
  couriers: readonly Courier[];
  choice: ShipChoice;
  error: string;
  onChoice: (choice: ShipChoice) => void;
}) {
  const offered = couriers.filter((c) => c.active);
  if (offered.length === 0) return null;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <SelectField
        label="Courier"
        name="ship-courier"
        value={choice.courierId === null ? '' : String(choice.courierId)}
        options={[
          ...offered.map((c) => [String(c.id), c.name] as const),
          ['', 'Another courier (write it in the note)'],
        ]}
        onValue={(value) => onChoice({ ...choice, courierId: value === '' ? null : Number(value) })}
      />
      {choice.courierId !== null && (
        <Field
          label="AWB number"
          name="ship-awb"
          value={choice.awb}
          error={error}
          autoComplete="off"
          onValue={(awb) => onChoice({ ...choice, awb })}
        />
      )}
    </div>
  );
}
