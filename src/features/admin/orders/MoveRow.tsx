import { useId, useState } from 'react';
import type { Courier } from '../../../../contract/api/admin-orders';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Field } from '../../../ui/form';
import { checkMove, type MoveButton, type ShipChoice } from './order-moves';
import { ShipFields } from './ShipFields';

/** One move of the order: its button, the note or courier it asks for, and the question before a move that cannot be undone. */
export function MoveRow({
  button,
  busy,
  couriers,
  onMove,
}: {
  button: MoveButton;
  busy: boolean;
  couriers: readonly Courier[];
  onMove: (note: string, ship: ShipChoice) => void;
}) {
  const [note, setNote] = useState('');
  const offered = couriers.find((c) => c.active);
  const [ship, setShip] = useState<ShipChoice>({ courierId: offered?.id ?? null, awb: '' });
  const [error, setError] = useState('');
  const [asking, setAsking] = useState(false);
  const reasonId = useId();
  const shipping = button.allowed && button.to === 'shipped';
  const withCourier = shipping && offered !== undefined && ship.courierId !== null;
  const go = () => {
    const checked = checkMove(button.to, note, shipping ? ship : undefined);
    if (!checked.ok) return setError(checked.error);
    if (button.confirm) return setAsking(true);
    onMove(note, ship);
  };
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3">
      {shipping && (
        <ShipFields
          couriers={couriers}
          choice={ship}
          error={withCourier ? error : ''}
          onChoice={(choice) => {
            setShip(choice);
            setError('');
          }}
        />
      )}
      {button.allowed && button.noteLabel && (
        <Field
          label={withCourier ? 'Note for the customer (optional)' : button.noteLabel}
          name={`note-${button.to}`}
          value={note}
          error={withCourier ? '' : error}
          autoComplete="off"
          onValue={(value) => {
            setNote(value);
            setError('');
          }}
        />
      )}
      {button.allowed && button.effect && <p className="text-sm">{button.effect}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={button.to === 'cancelled' ? 'danger' : 'primary'}
          disabled={!button.allowed || busy}
          aria-describedby={button.reason ? reasonId : undefined}
          onClick={go}
        >
          {button.label}
        </Button>
        {button.reason && (
          <p id={reasonId} className="text-sm text-muted">
            {button.reason}
          </p>
        )}
      </div>
      {asking && button.confirm && (
        <ConfirmDialog
          title={button.confirm.title}
          text={button.confirm.text}
          action={button.confirm.action}
          keep="Keep the order"
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) onMove(note, ship);
          }}
        />
      )}
    </li>
  );
}
