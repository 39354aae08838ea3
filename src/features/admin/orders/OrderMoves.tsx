import { useEffect, useId, useRef, useState } from 'react';
import type { StaffOrder } from '../../../../contract/api/admin-orders';
import { MAX_MOVE_NOTE } from '../../../../contract/schemas/admin-orders';
import { keepFocusInside } from '../../../lib/focus-trap';
import { Button } from '../../../ui/Button';
import { Field, FormMessage } from '../../../ui/form';
import { adminMessage } from '../admin-messages';
import { moveOrder } from '../desk-api';
import { checkMove, movedText, moveButtons, type MoveButton } from './order-moves';

/** The confirmation a move asks for, a native modal dialog (focus stays inside and returns after). */
function ConfirmMove({
  confirm,
  onAnswer,
}: {
  confirm: NonNullable<MoveButton['confirm']>;
  onAnswer: (yes: boolean) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const answer = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Closing hands focus back to the button that opened it; Escape answers no.
  const finish = (yes: boolean) => {
    answer.current = yes;
    ref.current?.close();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-move-title"
      aria-describedby="confirm-move-text"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-2xl"
      onClose={() => onAnswer(answer.current)}
      onKeyDown={(event) => ref.current && keepFocusInside(event.nativeEvent, ref.current)}
    >
      <h2 id="confirm-move-title" className="text-xl font-semibold">
        {confirm.title}
      </h2>
      <p id="confirm-move-text" className="mt-2">
        {confirm.text}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => finish(false)}>
          Keep the order
        </Button>
        <Button variant="danger" onClick={() => finish(true)}>
          {confirm.action}
        </Button>
      </div>
    </dialog>
  );
}

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
        <ConfirmMove
          confirm={button.confirm}
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
      setMessage({ text: movedText(moved), kind: 'success' });
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
      <FormMessage message={message.text} kind={message.kind} />
    </section>
  );
}
