import { useEffect, useRef, useState } from 'react';
import type { Courier, StaffOrder } from '../../../../contract/api/admin-orders';
import { MAX_MOVE_NOTE } from '../../../../contract/schemas/admin-orders';
import { DeskNotice } from '../DeskNotice';
import { moveOrder } from '../desk-api';
import { useDeskTask } from '../use-desk-task';
import { MoveRow } from './MoveRow';
import { checkMove, movedText, moveButtons, type MoveButton, type ShipChoice } from './order-moves';
import { getCouriers } from './packing-api';

/** The moves staff make on the order: one button each, disabled with the reason when the lifecycle refuses it. */
export function OrderMoves({ order, onMoved }: { order: StaffOrder; onMoved: (order: StaffOrder) => void }) {
  const { busy, notice: message, run } = useDeskTask();
  const heading = useRef<HTMLHeadingElement>(null);

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
    const { courier_id: courierId, awb } = checked;
    const courier = courierId !== undefined && awb ? { courier_id: courierId, awb } : undefined;
    const done = await run(
      async () => {
        const moved = await moveOrder(order.id, checked.to, checked.note, courier);
        onMoved(moved);
        return moved;
      },
      (moved) => movedText(moved, checked.to),
      'The order could not be moved. Please try again.',
    );
    // The pressed button is gone or disabled now: focus goes to the moves' heading, not the page's top.
    if (done) heading.current?.focus();
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
