import { useEffect, useRef, useState, type FormEvent } from 'react';
import { validate } from '../../../contract/schemas/common';
import { staffLoginSchema } from '../../../contract/schemas/staff';
import { Button } from '../../ui/Button';
import { Field, PasswordField } from '../../ui/form';
import { FormMessage } from '../../ui/form-message';
import { guardedSubmit, useFields } from '../../ui/form-state';
import { useHydrated } from '../../ui/hydrated';
import { staffLoginMessage } from './admin-messages';
import { adminNext } from './staff-token';
import { $staffSession, staffSession } from './staff-session';

/** Where this sign-in goes afterwards: the back-office page that sent the staff member here. */
function destination(): string {
  return adminNext(new URLSearchParams(window.location.search).get('next'));
}

/**
 * The back office's sign-in: e-mail, password and the second factor (the authenticator app's
 * 6-digit code, or a recovery code) in one step. A refusal never says which part was wrong.
 */
export function AdminLoginForm() {
  const hydrated = useHydrated();
  const { values, setValues, setErrors, bind } = useFields({ email: '', password: '', code: '' });
  const [pending, setPending] = useState(false);
  /** This tab's own sign-in is under way: it goes on by itself. */
  const submitting = useRef(false);
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'info' }>({ text: '', kind: 'info' });

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const email = query.get('email');
    if (email) setValues((v) => (v.email ? v : { ...v, email }));
    if (query.get('ended') === '1') setMessage({ text: 'Your session has ended. Please sign in again.', kind: 'info' });
    staffSession.start();
    // Signed in in another tab meanwhile: this one goes on too.
    const stop = $staffSession.listen((state) => {
      if (state.staff !== null && !submitting.current) window.location.replace(destination());
    });
    if (!staffSession.signedIn()) return stop;
    // A session the server still honours (signed in in another tab) goes straight on; a refused
    // one is ended (and stays here). Without one nothing is asked: a 401 would be a console error.
    const controller = new AbortController();
    staffSession
      .refresh(controller.signal)
      .then(() => window.location.replace(destination()))
      .catch(() => undefined);
    return () => {
      controller.abort();
      stop();
    };
  }, [setValues]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(staffLoginSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setPending(true);
    submitting.current = true;
    setMessage({ text: '', kind: 'info' });
    try {
      await staffSession.signIn(checked.data);
      window.location.assign(destination());
    } catch (error) {
      submitting.current = false;
      setMessage({ text: staffLoginMessage(error), kind: 'error' });
      // A code is good once: the next attempt needs a fresh one.
      setValues((v) => ({ ...v, code: '' }));
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Sign in" className="flex flex-col gap-4">
      <Field label="Email" type="email" autoComplete="username" spellCheck={false} {...bind('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...bind('password')} />
      <div>
        <Field
          label="Authenticator or recovery code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          {...bind('code')}
        />
        <p className="mt-1 text-sm text-muted">
          The 6-digit code your authenticator app shows now, or one of your recovery codes.
        </p>
      </div>
      <FormMessage message={message.text} kind={message.kind} />
      <Button type="submit" block {...guardedSubmit(hydrated, pending)}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
