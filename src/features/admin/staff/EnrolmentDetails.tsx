import { useId, useState } from 'react';
import type { StaffEnrolment } from '../../../../contract/api/staff';
import { Button } from '../../../ui/Button';
import { groupedKey } from './invite-link';
import { QrCode } from './QrCode';

/**
 * What a new staff member is shown once: the authenticator key (a QR code and as text) and the
 * recovery codes, then 'I have saved these' before going on to sign in.
 */
export function EnrolmentDetails({ enrolment, onDone }: { enrolment: StaffEnrolment; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const savedId = useId();
  return (
    <div className="space-y-6">
      <p className="rounded-lg bg-brand-50 px-3 py-2 text-brand-800" role="status">
        Welcome, {enrolment.staff.name}. Your account is open: two steps are left, and what follows is shown only once.
      </p>
      <section aria-labelledby="key-heading" className="space-y-3">
        <h2 id="key-heading" className="text-lg font-bold">
          1. Add the key to your authenticator app
        </h2>
        <p>Scan this code with Google Authenticator, Microsoft Authenticator, 1Password or a similar app.</p>
        <QrCode text={enrolment.totp.otpauth_url} label="QR code of your authenticator key" />
        <p>Or type the key into the app:</p>
        <p>
          <code className="rounded bg-slate-100 px-2 py-1 font-mono text-base break-words" data-testid="totp-secret">
            {groupedKey(enrolment.totp.secret)}
          </code>
        </p>
      </section>
      <section aria-labelledby="codes-heading" className="space-y-3">
        <h2 id="codes-heading" className="text-lg font-bold">
          2. Keep your recovery codes
        </h2>
        <p>
          Each code works once in place of the app&apos;s code, if you lose your phone. Print them or keep them in a
          password manager: they are not shown again.
        </p>
        <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-2 font-mono sm:grid-cols-2">
          {enrolment.recovery_codes.map((code) => (
            <li key={code} className="rounded bg-slate-100 px-3 py-1">
              {code}
            </li>
          ))}
        </ol>
      </section>
      <div className="space-y-3 border-t border-slate-200 pt-4">
        <div className="flex items-start gap-2">
          <input
            id={savedId}
            type="checkbox"
            checked={saved}
            onChange={(e) => setSaved(e.target.checked)}
            className="mt-1 h-5 w-5"
          />
          <label htmlFor={savedId}>I have saved these recovery codes and added the key to my app</label>
        </div>
        <Button onClick={onDone} disabled={!saved}>
          Continue to sign in
        </Button>
      </div>
    </div>
  );
}
