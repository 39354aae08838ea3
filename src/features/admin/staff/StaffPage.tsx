import { useCallback, useEffect, useState } from 'react';
import type { StaffAccount } from '../../../../contract/api/staff';
import { Button } from '../../../ui/Button';
import { getStaffAccounts } from '../admin-api';
import { adminMessage } from '../admin-messages';
import { AdminShell } from '../AdminShell';
import { RefundLimitsForm } from './RefundLimitsForm';
import { StaffInviteForm } from './StaffInviteForm';
import { StaffRowCard } from './StaffRowCard';

function StaffManager({ selfId }: { selfId: number }) {
  const [accounts, setAccounts] = useState<StaffAccount[] | null>(null);
  const [error, setError] = useState('');

  const load = useCallback((signal?: AbortSignal) => {
    getStaffAccounts(signal)
      .then((list) => {
        setAccounts(list);
        setError('');
      })
      .catch((e: unknown) => {
        if (!signal?.aborted) setError(adminMessage(e, 'The staff list could not be loaded.'));
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const replace = (changed: StaffAccount) =>
    setAccounts((list) => list?.map((a) => (a.id === changed.id ? changed : a)) ?? list);

  return (
    <div className="space-y-6">
      <StaffInviteForm onInvited={() => load()} />
      <RefundLimitsForm />
      <section aria-labelledby="staff-heading" className="space-y-3">
        <h2 id="staff-heading" className="text-lg font-bold">
          Staff members
        </h2>
        {error && (
          <div className="space-y-2">
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
              {error}
            </p>
            <Button variant="secondary" onClick={() => load()}>
              Try again
            </Button>
          </div>
        )}
        {!accounts && !error && <p role="status">Loading staff…</p>}
        {accounts && (
          <ul aria-labelledby="staff-heading" className="grid gap-3 lg:grid-cols-2">
            {accounts.map((account) => (
              <StaffRowCard key={account.id} account={account} isSelf={account.id === selfId} onChanged={replace} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /admin/staff (owners): invite by e-mail and role, change roles, disable and enable accounts. */
export function StaffPage() {
  return (
    <AdminShell section="staff" permission="staff.manage" title="Staff">
      {(me) => <StaffManager selfId={me.id} />}
    </AdminShell>
  );
}
