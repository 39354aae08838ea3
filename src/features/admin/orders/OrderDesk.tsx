import { useState, type FormEvent } from 'react';
import type { StaffOrder } from '../../../../contract/api/admin-orders';
import type { StaffMe } from '../../../../contract/api/staff';
import { formatDateTime } from '../../../../contract/format';
import { MAX_ORDER_NOTE, OrderNoteBody } from '../../../../contract/schemas/admin-orders';
import { validate } from '../../../../contract/schemas/common';
import { roleCan } from '../../../../contract/staff';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/form';
import { DeskNotice } from '../DeskNotice';
import { adminMessage } from '../admin-messages';
import { addOrderNote } from '../desk-api';
import { RefundDecision, RefundRequestFacts } from './RefundDecision';

/** The order's latest refund request: waiting (with the decision, for those who may decide), approved or refused. */
export function RefundRequestPanel({
  order,
  me,
  onChanged,
}: {
  order: StaffOrder;
  me: StaffMe;
  onChanged: (order: StaffOrder) => void;
}) {
  const [message, setMessage] = useState('');
  const request = order.refund_request;
  if (!request) return null;
  const mayDecide =
    request.state === 'pending' && roleCan(me.role, 'refunds.approve') && request.requested_by.id !== me.id;
  return (
    <section
      aria-labelledby="refund-request-heading"
      className={`space-y-2 rounded-lg border p-4 ${request.state === 'pending' ? 'border-amber-400 bg-amber-50' : 'border-slate-300 bg-white'}`}
    >
      <h2 id="refund-request-heading" className="text-lg font-bold">
        {request.state === 'pending'
          ? 'Refund waiting for approval'
          : request.state === 'approved'
            ? 'Refund approved'
            : 'Refund refused'}
      </h2>
      <RefundRequestFacts request={request} />
      {request.decided_by && request.decided_at && (
        <p className="break-words">
          {request.state === 'approved' ? 'Approved' : 'Refused'} by {request.decided_by.name} on{' '}
          {formatDateTime(request.decided_at)} IST{request.decision_note ? `: ${request.decision_note}` : '.'}
        </p>
      )}
      {request.state === 'pending' && !mayDecide && (
        <p className="text-sm text-muted">
          {request.requested_by.id === me.id
            ? 'You asked for it: another manager or an owner must approve it.'
            : 'A manager or an owner decides it.'}
        </p>
      )}
      {mayDecide && (
        <RefundDecision
          request={request}
          onDecided={(changed, text) => {
            onChanged(changed);
            setMessage(text);
          }}
        />
      )}
      <DeskNotice message={message} kind="success" />
    </section>
  );
}

/** Staff's notes on the order, and a form to add one. Never shown to the shopper. */
export function OrderNotes({ order, onChanged }: { order: StaffOrder; onChanged: (order: StaffOrder) => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(OrderNoteBody, { body });
    if (!checked.ok) return setError(checked.errors.body ?? '');
    setBusy(true);
    setMessage({ text: '', kind: 'success' });
    try {
      onChanged(await addOrderNote(order.id, checked.data.body));
      setBody('');
      setMessage({ text: 'Note added.', kind: 'success' });
    } catch (e) {
      setMessage({ text: adminMessage(e, 'The note could not be added. Please try again.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="notes-heading" className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="notes-heading" className="text-lg font-bold">
        Internal notes
      </h2>
      <p className="text-sm text-muted">Seen by staff only: the shopper never sees these.</p>
      {order.notes.length > 0 && (
        <ul className="space-y-2" aria-label="Notes">
          {order.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-slate-50 px-3 py-2">
              <p className="break-words whitespace-pre-line">{note.body}</p>
              <p className="text-sm text-muted">
                {note.staff?.name ?? 'A former staff member'} · {formatDateTime(note.created_at)} IST
              </p>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={submit} className="space-y-2" aria-label="Add a note">
        <TextAreaField
          label="New note"
          value={body}
          maxLength={MAX_ORDER_NOTE}
          error={error}
          onValue={(value) => {
            setBody(value);
            setError('');
          }}
        />
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          Add note
        </Button>
      </form>
      <DeskNotice message={message.text} kind={message.kind} />
    </section>
  );
}
