import type { StaffMe } from '../../../contract/api/staff';
import { formatTime } from '../../../contract/format';
import { PERMISSION_LABELS, ROLE_LABELS, ROLE_PERMISSIONS } from '../../../contract/staff';
import { AdminShell } from './AdminShell';
import { navFor } from './admin-nav';
import { OrderAlertsForm } from './orders/OrderAlertsForm';

/** Recovery codes left below which the dashboard asks for new ones to be arranged. */
const FEW_RECOVERY_CODES = 3;

function Dashboard({ me }: { me: StaffMe }) {
  const sections = navFor(me.role).filter((s) => s.key !== 'dashboard');
  return (
    <div className="space-y-6">
      <p>
        Signed in as <strong>{me.name}</strong> ({me.email}), {ROLE_LABELS[me.role].toLowerCase()}. This session ends at{' '}
        {formatTime(me.expires_at)} IST.
      </p>
      {me.recovery_codes_left < FEW_RECOVERY_CODES && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {me.recovery_codes_left === 0
            ? 'You have no recovery codes left.'
            : `You have ${me.recovery_codes_left} recovery code${me.recovery_codes_left === 1 ? '' : 's'} left.`}{' '}
          Ask an owner to set up your account again before they run out.
        </p>
      )}
      {sections.length > 0 && (
        <section aria-labelledby="sections-heading">
          <h2 id="sections-heading" className="mb-2 text-lg font-bold">
            Go to
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {sections.map((s) => (
              <li key={s.key}>
                <a
                  href={s.href}
                  className="block rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <OrderAlertsForm />
      <section aria-labelledby="permissions-heading">
        <h2 id="permissions-heading" className="mb-2 text-lg font-bold">
          What your role may do
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {ROLE_PERMISSIONS[me.role].map((p) => (
            <li key={p}>{PERMISSION_LABELS[p]}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /admin: who is signed in, where they can go, and what their role may do. */
export function DashboardPage() {
  return (
    <AdminShell section="dashboard" permission={null} title="Dashboard">
      {(me) => <Dashboard me={me} />}
    </AdminShell>
  );
}
