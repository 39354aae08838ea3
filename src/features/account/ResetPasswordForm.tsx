import { useEffect, useState, type FormEvent } from 'react';
import { resetPassword } from '../../lib/api/auth';
import { shopperMessage } from '../../lib/api/error-message';
import { DURATIONS } from '../../lib/constants';
import { forgetResetEmail, resetEmail, resetToken } from './reset-flow';
import { PASSWORD_HINT, resetPasswordSchema } from '../../../contract/schemas/auth';
import { validate } from '../../../contract/schemas/common';
import { PasswordField } from '../../ui/form';
import { FormMessage } from '../../ui/form-message';
import { useFields } from '../../ui/form-state';
import { Button } from '../../ui/Button';
import * as routes from '../../lib/routes';

/** Reset password for the e-mail verified on the previous step. */
export function ResetPasswordForm() {
  const [email, setEmail] = useState<string | null | undefined>(undefined);
  const { values, setErrors, bind } = useFields({ new_password: '', confirm_password: '' });
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'error' });

  useEffect(() => {
    const handed = resetEmail();
    setEmail(handed);
    if (!handed) {
      setMessage({ text: 'No email found. Please go back to Forgot Password.', kind: 'error' });
      window.setTimeout(() => window.location.assign(routes.forgotPassword), DURATIONS.redirectMissingEmail);
    }
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !email) return;
    const checked = validate(resetPasswordSchema, { email, ...values });
    if (!checked.ok) return setErrors(checked.errors);
    setPending(true);
    try {
      const text = await resetPassword(email, checked.data.new_password, checked.data.confirm_password, resetToken());
      forgetResetEmail();
      setMessage({ text: text || 'Password reset successful! Redirecting to login...', kind: 'success' });
      window.setTimeout(() => window.location.assign(routes.login), DURATIONS.redirectResetSuccess);
    } catch (error) {
      setMessage({
        text: shopperMessage(error, {
          refused: 'Reset failed. Please try again.',
          noAnswer: 'Something went wrong. Please try again.',
        }),
        kind: 'error',
      });
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <input type="hidden" name="email" value={email ?? ''} />
      <PasswordField label="New Password" autoComplete="new-password" hint={PASSWORD_HINT} {...bind('new_password')} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...bind('confirm_password')} />
      <FormMessage message={message.text} kind={message.kind} />
      <Button type="submit" block disabled={!email || pending}>
        Reset Password
      </Button>
    </form>
  );
}
