import { useState } from 'react';
import type { StaffMe } from '../../../../contract/api/staff';
import { DeskNotice } from '../DeskNotice';
import { AdminShell } from '../AdminShell';
import { getRefundRequests } from '../desk-api';
import { LoadFailed, OrderLink } from '../desk-ui';
import { useLoaded } from '../use-loaded';
import { RefundDecision, RefundRequestFacts } from './RefundDecision';

function RefundQueue({ me }: { me: StaffMe }) {
  const {
    value: requests,
    setValue: setRequests,
    error,
    reload,
  } = useLoaded(getRefundRequests, 'The refunds could not be loaded.');
  const [message, setMessage] = useState('');

  if (error) return <LoadFailed message={error} onRetry={reload} />;
  if (!requests) return <p role="status">Loading the refunds…</p>;
  return (
    <div className="space-y-3">
      <DeskNotice message={message} kind="success" />
      {requests.length === 0 ? (
        <p>No refund waits for approval.</p>
      ) : (
        <ul className="space-y-3" aria-label="Refunds waiting for approval">
          {requests.map((request) => (
            <li key={request.id} className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
              <OrderLink id={request.order_id} text={`Order #${request.order_id}`} />
              <RefundRequestFacts request={request} />
              {request.requested_by.id === me.id ? (
                <p className="text-sm text-muted">You asked for it: another manager or an owner must approve it.</p>
              ) : (
                <RefundDecision
                  request={request}
                  onDecided={(_, text) => {
                    setMessage(text);
                    setRequests((list) => list?.filter((r) => r.id !== request.id) ?? list);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /admin/refunds: cancellations whose refunds wait for a manager or an owner (refunds.approve). */
export function RefundsPage() {
  return (
    <AdminShell section="refunds" permission="refunds.approve" title="Refunds to approve">
      {(me) => <RefundQueue me={me} />}
    </AdminShell>
  );
}
