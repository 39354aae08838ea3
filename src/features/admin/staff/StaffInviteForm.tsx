import { useState, type FormEvent } from 'react';
import type { StaffInviteAnswer } from '../../../../contract/api/staff';
import { validate } from '../../../../contract/schemas/common';
import { staffInviteSchema } from '../../../../contract/schemas/staff';
import { INVITE_HOURS, ROLE_LABELS, STAFF_ROLES } from '../../../../contract/staff';
import { Button } from '../../../ui/Button';
import { Field, SelectField } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { useFields } from '../../../ui/form-state';
import { inviteStaff } from '../admin-api';
import { adminMessage } from '../admin-messages';

/** An owner invites someone by e-mail to a role; the invitation is e-mailed, its link shown here too. */
export function StaffInviteForm({ onInvited }: { onInvited: () => void }) {
  const { values, setValues, setErrors, bind } = useFields({ email: '', role: 'support' });
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState<StaffInviteAnswer | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(staffInviteSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setPending(true);
    setMessage('');
    setSent(null);
    try {
      setSent(await inviteStaff(checked.data));
      setValues({ email: '', role: values.role });
      onInvited();
    } catch (error) {
      setMessage(adminMessage(error, 'The invitation could not be sent. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Invite staff"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2 className="text-lg font-bold">Invite someone</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Email" type="email" autoComplete="off" spellCheck={false} className="flex-1" {...bind('email')} />
        <SelectField
          label="Role"
          options={STAFF_ROLES.map((role) => [role, ROLE_LABELS[role]] as const)}
          {...bind('role')}
        />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending…' : 'Send invitation'}
      </Button>
      <FormMessage message={message} kind="error" />
      {sent && (
        <div role="status" className="space-y-1 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          <p>
            Invitation e-mailed to {sent.email} as {ROLE_LABELS[sent.role].toLowerCase()}. It works once, for{' '}
            {INVITE_HOURS} hours. To pass it on another way, send this link:
          </p>
          <p className="font-mono break-all">{sent.link}</p>
        </div>
      )}
    </form>
  );
}
