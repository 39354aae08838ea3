import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { StaffMe } from '../../../contract/api/staff';
import { SHOP_NAME } from '../../../contract/shop';
import { ROLE_CANNOT, ROLE_LABELS, roleCan, type Permission } from '../../../contract/staff';
import { adminMessage } from './admin-messages';
import { navFor, type AdminSection } from './admin-nav';
import * as adminRoutes from './admin-routes';
import { $staffSession, staffSession } from './staff-session';
import { Button } from '../../ui/Button';
import { FormMessage } from '../../ui/form-message';
import { confirmLeave } from './unsaved-changes';

type Gate =
  | { kind: 'checking' }
  | { kind: 'ready'; me: StaffMe }
  | { kind: 'forbidden' }
  | { kind: 'failed'; message: string };

/**
 * The frame of every signed-in back-office page: the bar with who is signed in and Sign out, the
 * menu of what their role may do, and the page itself once the server has confirmed the session
 * (and the role may see this page).
 */
export function AdminShell({
  section,
  permission,
  title,
  children,
}: {
  section: AdminSection['key'];
  /** What the role needs to see this page; null: every staff member. */
  permission: Permission | null;
  title: string;
  children: (me: StaffMe) => ReactNode;
}) {
  const { staff } = useStore($staffSession);
  const [gate, setGate] = useState<Gate>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!staffSession.require()) return;
    const controller = new AbortController();
    staffSession
      .refresh(controller.signal)
      .then((me) =>
        setGate(permission && !roleCan(me.role, permission) ? { kind: 'forbidden' } : { kind: 'ready', me }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setGate({ kind: 'failed', message: adminMessage(error, 'Your session could not be checked.') });
      });
    return () => controller.abort();
  }, [permission, attempt]);

  const sections = staff ? navFor(staff.role) : [];
  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <a href={adminRoutes.adminHome} onClick={confirmLeave} className="text-lg font-bold">
            {SHOP_NAME} back office
          </a>
          {staff && (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span>
                {staff.name} <span className="rounded bg-white/15 px-2 py-0.5">{ROLE_LABELS[staff.role]}</span>
              </span>
              <Button variant="inverse" size="xs" onClick={() => void staffSession.signOut()}>
                Sign out
              </Button>
            </div>
          )}
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col md:flex-row">
        {sections.length > 0 && (
          <nav
            aria-label="Back office"
            className="border-b border-slate-200 px-4 py-2 md:w-56 md:border-r md:border-b-0 md:py-6"
          >
            <ul className="flex flex-wrap gap-1 md:flex-col">
              {sections.map((s) => (
                <li key={s.key}>
                  <a
                    href={s.href}
                    onClick={confirmLeave}
                    aria-current={s.key === section ? 'page' : undefined}
                    className={`block rounded-lg px-3 py-2 text-sm font-semibold ${
                      s.key === section ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'
                    }`}
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none">
          <h1 className="mb-4 text-2xl font-bold">{title}</h1>
          {gate.kind === 'checking' && (
            <p role="status" className="text-muted">
              Checking your session…
            </p>
          )}
          {gate.kind === 'forbidden' && (
            <div className="space-y-3">
              <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">{ROLE_CANNOT}</p>
              <a href={adminRoutes.adminHome} className="font-semibold text-brand-800 underline">
                Back to the dashboard
              </a>
            </div>
          )}
          {gate.kind === 'failed' && (
            <div className="space-y-3">
              <FormMessage message={gate.message} kind="error" />
              <Button
                variant="secondary"
                onClick={() => {
                  setGate({ kind: 'checking' });
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            </div>
          )}
          {gate.kind === 'ready' && children(gate.me)}
        </main>
      </div>
    </div>
  );
}
