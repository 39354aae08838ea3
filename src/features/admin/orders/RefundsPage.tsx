import { useCallback, useEffect, useState } from 'react';
import type { RefundRequest } from '../../../../contract/api/admin-orders';
import type { StaffMe } from '../../../../contract/api/staff';
import { DeskNotice } from '../DeskNotice';
import { AdminShell } from '../AdminShell';
import { adminMessage } from '../admin-messages';
import * as adminRoutes from '../admin-routes';
import { getRefundRequests } from '../desk-api';
import { LoadFailed } from '../desk-ui';
import { RefundDecision, RefundRequestFacts } from './RefundDecision';

function RefundQueue({ me }: { me: StaffMe }) {
  const [requests, setRequests] = useState<RefundRequest[] | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');

  const load = useCallback((signal?: AbortSignal) => {
    getRefundRequests(signal)
      .then((list) => {
        setRequests(list);
        setError('');
      })
      .catch((e: unknown) => {
        if (!signal?.aborted) setError(adminMessage(e, 'The refunds could not be loaded.'));
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (error) return <LoadFailed message={error} onRetry={() => load()} />;
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
              <a href={adminRoutes.adminOrder(request.order_id)} className="font-semibold text-brand-800 underline">
                Order #{request.order_id}
              </a>
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
