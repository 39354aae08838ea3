import { useEffect, useState, type FormEvent } from 'react';
import type { StaffEnrolment } from '../../../../contract/api/staff';
import { validate } from '../../../../contract/schemas/common';
import { acceptInviteSchema } from '../../../../contract/schemas/staff';
import { Button } from '../../../ui/Button';
import { Field, PasswordField } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { guardedSubmit, useFields } from '../../../ui/form-state';
import { useHydrated } from '../../../ui/hydrated';
import { acceptStaffInvite } from '../admin-api';
import { adminMessage } from '../admin-messages';
import * as adminRoutes from '../admin-routes';
import { PASSWORD_HINT } from '../../../../contract/schemas/auth';
import { EnrolmentDetails } from './EnrolmentDetails';
import { inviteTokenFrom } from './invite-link';

/** Said when the page is opened without an invitation in its address. */
export const NO_INVITATION =
  'This page opens from the link in your invitation e-mail. Open that link again, or ask an owner for a new invitation.';

/**
 * Accepting an invitation: a name and a password of one's own, then the second factor's key and
 * the recovery codes, shown once.
 */
export function InviteAccept() {
  const hydrated = useHydrated();
  // Undefined until read from the address (not known while rendering on the server).
  const [token, setToken] = useState<string | undefined>(undefined);
  const { values, setErrors, bind } = useFields({ name: '', password: '' });
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');
  const [enrolment, setEnrolment] = useState<StaffEnrolment | null>(null);

  useEffect(() => {
    setToken(inviteTokenFrom(window.location.hash, window.location.search));
    // The token is a key to an account until it is used: out of the address bar and history.
    window.history.replaceState(null, '', adminRoutes.adminInvite);
  }, []);

  if (enrolment) {
    const signIn = `${adminRoutes.adminLogin}?email=${encodeURIComponent(enrolment.staff.email)}`;
    return <EnrolmentDetails enrolment={enrolment} onDone={() => window.location.assign(signIn)} />;
  }
  if (token === '') return <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">{NO_INVITATION}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !token) return;
    const checked = validate(acceptInviteSchema, { ...values, token });
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.token) setMessage(checked.errors.token);
      return;
    }
    setPending(true);
    setMessage('');
    try {
      setEnrolment(await acceptStaffInvite(checked.data));
    } catch (error) {
      setMessage(adminMessage(error, 'The invitation could not be accepted. Please try again.'));
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Accept the invitation" className="flex flex-col gap-4">
      <p>Choose the name your colleagues will see and a password of your own.</p>
      <Field label="Your name" autoComplete="name" {...bind('name')} />
      <PasswordField label="Password" autoComplete="new-password" hint={PASSWORD_HINT} {...bind('password')} />
      <FormMessage message={message} kind="error" />
      <Button type="submit" block {...guardedSubmit(hydrated && token !== undefined, pending)}>
        {pending ? 'Opening your account…' : 'Accept the invitation'}
      </Button>
    </form>
  );
}
