import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api/client';
import { validate } from '../../lib/schemas/common';
import { loginSchema } from '../../lib/schemas/auth';
import { $isLoggedIn, login, startSession } from '../../lib/stores/session';
import { showDialog } from '../../lib/stores/ui';
import { buttonPrimary, Field, FormMessage, PasswordField, useFields, useHydrated } from '../shared/form';

/** Login: e-mail as user name and password; a valid session goes straight home. */
export function LoginForm() {
  const hydrated = useHydrated();
  const { values, setErrors, bind } = useFields({ email: '', password: '' });
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');

  useEffect(() => {
    startSession();
    if ($isLoggedIn.get()) window.location.replace('/');
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(loginSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setPending(true);
    setMessage('');
    try {
      await login(checked.data.email, checked.data.password);
      showDialog({
        title: 'Login Successful',
        text: 'Welcome back!',
        icon: 'success',
        onClose: () => window.location.assign('/'),
      });
      window.setTimeout(() => window.location.assign('/'), 1000);
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429;
      setMessage(
        tooMany
          ? error.message
          : error instanceof ApiError && error.status > 0
            ? 'Login failed. Please check your credentials.'
            : 'Something went wrong.',
      );
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field label="User Name" type="email" autoComplete="username" {...bind('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...bind('password')} />
      <FormMessage message={message} kind="error" />
      <button type="submit" className={buttonPrimary} disabled={!hydrated || pending}>
        {pending ? 'Logging in...' : 'Login'}
      </button>
      <div className="flex justify-between text-sm">
        <a href="/forgotpassword" className="font-semibold text-brand-800 underline">
          Forgot Password?
        </a>
        <a href="/register" className="font-semibold text-brand-800 underline">
          Sign Up
        </a>
      </div>
    </form>
  );
}
