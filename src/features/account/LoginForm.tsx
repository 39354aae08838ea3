import { useEffect } from 'react';
import { getProfile } from '../../lib/api/account';
import { shopperMessage } from '../../lib/api/error-message';
import * as routes from '../../lib/routes';
import { safeNext } from '../../lib/navigation';
import { loginSchema } from '../../../contract/schemas/auth';
import { $isLoggedIn, login, startSession } from '../../lib/stores/session';
import { showDialog } from '../../lib/stores/ui';
import { Field, PasswordField } from '../../ui/form';
import { FormMessage } from '../../ui/form-message';
import { guardedSubmit, useFields } from '../../ui/form-state';
import { useHydrated } from '../../ui/hydrated';
import { Button } from '../../ui/Button';
import { useCheckedSubmit } from './checked-submit';

/** Where this login goes afterwards: the page that sent the shopper here (`?next=`), if it is ours. */
function destination(): string {
  return safeNext(new URLSearchParams(window.location.search).get('next'));
}

/**
 * Login: e-mail as user name and password; afterwards back to the page that sent the shopper
 * (same site only). A session the server still honours goes straight there.
 */
export function LoginForm() {
  const hydrated = useHydrated();
  const { values, setErrors, bind } = useFields({ email: '', password: '' });

  useEffect(() => {
    startSession();
    if (!$isLoggedIn.get()) return;
    // Unexpired is not enough: the server may have ended the session (a password reset, a logout
    // elsewhere). Its 401 ends it here too (stores/session.ts), and the form stays.
    getProfile()
      .then(() => window.location.replace(destination()))
      .catch(() => undefined);
  }, []);

  const { pending, message, setMessage, submit } = useCheckedSubmit(
    loginSchema,
    values,
    setErrors,
    async (data, release) => {
      try {
        await login(data.email, data.password);
        showDialog({
          title: 'Login Successful',
          text: 'Welcome back!',
          icon: 'success',
          onClose: () => window.location.assign(destination()),
        });
        window.setTimeout(() => window.location.assign(destination()), 1000);
      } catch (error) {
        // Only a throttle's own words are shown: which of email and password was wrong is not said.
        setMessage(
          shopperMessage(error, {
            refused: 'Login failed. Please check your credentials.',
            noAnswer: 'Something went wrong.',
            showServerText: [429],
          }),
        );
        release();
      }
    },
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="User Name" type="email" autoComplete="username" {...bind('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...bind('password')} />
      <FormMessage message={message} kind="error" />
      <Button type="submit" block {...guardedSubmit(hydrated, pending)}>
        {pending ? 'Logging in...' : 'Login'}
      </Button>
      <div className="flex justify-between text-sm">
        <a href={routes.forgotPassword} className="font-semibold text-brand-800 underline">
          Forgot Password?
        </a>
        <a href={routes.register} className="font-semibold text-brand-800 underline">
          Sign Up
        </a>
      </div>
    </form>
  );
}
