import { useState } from 'react';
import type { RefundRequest, StaffOrder } from '../../../../contract/api/admin-orders';
import { formatDateTime, formatRupees } from '../../../../contract/format';
import { MAX_MOVE_NOTE, RefundRejectBody } from '../../../../contract/schemas/admin-orders';
import { validate } from '../../../../contract/schemas/common';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { approveRefund, rejectRefund } from '../desk-api';

/** Who asked for the refund, when, how much and why. */
export function RefundRequestFacts({ request }: { request: RefundRequest }) {
  return (
    <p className="break-words">
      {request.requested_by.name} asked on {formatDateTime(request.requested_at)} IST to cancel and refund{' '}
      <strong>{formatRupees(request.amount)}</strong>
      {request.note ? (
        <>
          {' '}
          — the shopper will be told: <q>{request.note}</q>
        </>
      ) : (
        '.'
      )}
    </p>
  );
}

/**
 * Approve or refuse a refund someone else asked for (a refusal says why). The server decides who
 * may: not the asker, and within the approver's own limit.
 */
export function RefundDecision({
  request,
  onDecided,
}: {
  request: RefundRequest;
  onDecided: (order: StaffOrder, text: string) => void;
}) {
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const decide = async (work: () => Promise<StaffOrder>, done: (order: StaffOrder) => string) => {
    setBusy(true);
    setMessage('');
    try {
      const order = await work();
      onDecided(order, done(order));
    } catch (e) {
      setMessage(adminMessage(e, 'The decision could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const refuse = () => {
    const checked = validate(RefundRejectBody, { note: reason });
    if (!checked.ok) return setError(checked.errors.note ?? '');
    void decide(
      () => rejectRefund(request.id, checked.data.note),
      (order) => `The refund of order #${order.id} was refused.`,
    );
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="danger"
          size="sm"
          disabled={busy}
          onClick={() =>
            void decide(
              () => approveRefund(request.id),
              (order) => `Order #${order.id} is cancelled and a refund of ${formatRupees(request.amount)} was started.`,
            )
          }
        >
          Approve the refund<span className="sr-only"> of order #{request.order_id}</span>
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setRefusing((r) => !r)}>
          Refuse<span className="sr-only"> the refund of order #{request.order_id}</span>
        </Button>
      </div>
      {refusing && (
        <div className="space-y-2">
          <TextAreaField
            label="Why is it refused? (the person who asked reads it)"
            value={reason}
            maxLength={MAX_MOVE_NOTE}
            error={error}
            onValue={(value) => {
              setReason(value);
              setError('');
            }}
          />
          <Button size="sm" disabled={busy} onClick={refuse}>
            Refuse the refund
          </Button>
        </div>
      )}
      <FormMessage message={message} kind="error" />
    </div>
  );
}
