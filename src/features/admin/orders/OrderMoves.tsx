import { useId, useRef, useState } from 'react';
import type { StaffOrder } from '../../../../contract/api/admin-orders';
import { MAX_MOVE_NOTE } from '../../../../contract/schemas/admin-orders';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Field } from '../../../ui/form';
import { DeskNotice } from '../DeskNotice';
import { adminMessage } from '../admin-messages';
import { moveOrder } from '../desk-api';
import { checkMove, movedText, moveButtons, type MoveButton } from './order-moves';

function MoveRow({ button, busy, onMove }: { button: MoveButton; busy: boolean; onMove: (note: string) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [asking, setAsking] = useState(false);
  const reasonId = useId();
  const go = () => {
    const checked = checkMove(button.to, note);
    if (!checked.ok) return setError(checked.error);
    if (button.confirm) return setAsking(true);
    onMove(note);
  };
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3">
      {button.allowed && button.noteLabel && (
        <Field
          label={button.noteLabel}
          name={`note-${button.to}`}
          value={note}
          error={error}
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
            if (yes) onMove(note);
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

  const move = async (button: MoveButton, note: string) => {
    const checked = checkMove(button.to, note);
    if (!checked.ok) return;
    setBusy(true);
    setMessage({ text: '', kind: 'success' });
    try {
      const moved = await moveOrder(order.id, checked.to, checked.note);
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
            onMove={(note) => void move(button, note)}
          />
        ))}
      </ul>
      <DeskNotice message={message.text} kind={message.kind} />
    </section>
  );
}
