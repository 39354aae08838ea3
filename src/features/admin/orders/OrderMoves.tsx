import { useEffect, useId, useRef, useState } from 'react';
import type { Courier, StaffOrder } from '../../../../contract/api/admin-orders';
import { MAX_MOVE_NOTE } from '../../../../contract/schemas/admin-orders';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Field } from '../../../ui/form';
import { DeskNotice } from '../DeskNotice';
import { adminMessage } from '../admin-messages';
import { moveOrder } from '../desk-api';
import { checkMove, movedText, moveButtons, type MoveButton, type ShipChoice } from './order-moves';
import { getCouriers } from './packing-api';
import { ShipFields } from './ShipFields';

function MoveRow({
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

/** The moves staff make on the order: one button each, disabled with the reason when the lifecycle refuses it. */
export function OrderMoves({ order, onMoved }: { order: StaffOrder; onMoved: (order: StaffOrder) => void }) {
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });

  const [couriers, setCouriers] = useState<Courier[]>([]);
  const packed = order.state === 'packed';

  useEffect(() => {
    if (!packed) return;
    const controller = new AbortController();
    // Without the list (it could not be loaded), shipping takes the tracking note as before.
    getCouriers(controller.signal).then(setCouriers, () => setCouriers([]));
    return () => controller.abort();
  }, [packed]);

  const move = async (button: MoveButton, note: string, ship: ShipChoice) => {
    const checked = checkMove(button.to, note, button.to === 'shipped' ? ship : undefined);
    if (!checked.ok) return;
    setBusy(true);
    setMessage({ text: '', kind: 'success' });
    try {
      const { courier_id: courierId, awb } = checked;
      const courier = courierId !== undefined && awb ? { courier_id: courierId, awb } : undefined;
      const moved = await moveOrder(order.id, checked.to, checked.note, courier);
      onMoved(moved);
      setMessage({ text: movedText(moved, checked.to), kind: 'success' });
      // The pressed button is gone or disabled now: focus goes to the moves' heading, not the page's top.
      heading.current?.focus();
    } catch (error) {
      setMessage({ text: adminMessage(error, 'The order could not be moved. Please try again.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="moves-heading" className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="moves-heading" ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        Move this order
      </h2>
      <p className="text-sm text-muted">Notes are at most {MAX_MOVE_NOTE} characters.</p>
      <ul className="space-y-2">
        {moveButtons(order).map((button) => (
          <MoveRow
            // A new state resets the notes typed for the moves before.
            key={`${order.state}-${button.to}`}
            button={button}
            busy={busy}
            couriers={couriers}
            onMove={(note, ship) => void move(button, note, ship)}
          />
        ))}
      </ul>
      <DeskNotice message={message.text} kind={message.kind} />
    </section>
  );
}
