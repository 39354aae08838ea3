import { signup } from '../../lib/api/auth';
import { signupFailure } from './account-errors';
import { PASSWORD_HINT, signupSchema } from '../../../contract/schemas/auth';
import { showDialog } from '../../lib/stores/ui';
import { Field, PasswordField } from '../../ui/form';
import { FormMessage } from '../../ui/form-message';
import { guardedSubmit, useFields } from '../../ui/form-state';
import { useHydrated } from '../../ui/hydrated';
import { Button } from '../../ui/Button';
import * as routes from '../../lib/routes';
import { useCheckedSubmit } from './checked-submit';

/** Registration: name, phone, e-mail and password, checked by the shared rules. */
export function RegisterForm() {
  const hydrated = useHydrated();
  const { values, setErrors, bind } = useFields({
    first_name: '',
    last_name: '',
    phone_number: '',
    email: '',
    password: '',
  });
  const { pending, message, setMessage, submit } = useCheckedSubmit(
    signupSchema,
    values,
    setErrors,
    async (data, release) => {
      try {
        await signup(data);
        showDialog({
          title: 'Registration Successful',
          text: 'Your account is ready. Please log in.',
          icon: 'success',
          action: { label: 'Login', href: routes.login },
          onClose: () => window.location.assign(routes.login),
        });
      } catch (error) {
        const failure = signupFailure(error);
        setErrors(failure.fields);
        setMessage(failure.message);
        if (failure.duplicateEmail)
          showDialog({ title: 'Email already exist', text: 'Please enter another email', icon: 'error' });
      } finally {
        release();
      }
    },
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First Name" autoComplete="given-name" {...bind('first_name')} />
        <Field label="Last Name" autoComplete="family-name" {...bind('last_name')} />
      </div>
      <Field
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        {...bind('phone_number')}
      />
      <Field label="Email Address" type="email" autoComplete="email" {...bind('email')} />
      <PasswordField label="Password" autoComplete="new-password" hint={PASSWORD_HINT} {...bind('password')} />
      <FormMessage message={message} kind="error" />
      <Button type="submit" block {...guardedSubmit(hydrated, pending)}>
        {pending ? 'Signing Up...' : 'Sign Up'}
      </Button>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <a href={routes.login} className="font-semibold text-brand-800 underline">
          Sign In
        </a>
      </p>
    </form>
  );
}
