import { useState, type FormEvent } from 'react';
import { requestResetOtp, verifyResetOtp } from '../../lib/api/auth';
import { shopperMessage } from '../../lib/api/error-message';
import { DURATIONS } from '../../lib/constants';
import { rememberResetEmail } from './reset-flow';
import { resetRequestSchema, verifyOtpSchema, OTP_LENGTH } from '../../../contract/schemas/auth';
import { validate } from '../../../contract/schemas/common';
import { Field } from '../../ui/form';
import { FormMessage } from '../../ui/form-message';
import { guardedSubmit, useFields } from '../../ui/form-state';
import { useHydrated } from '../../ui/hydrated';
import { Button } from '../../ui/Button';
import { PinInput } from './PinInput';
import * as routes from '../../lib/routes';

function failure(error: unknown, refused: string): string {
  return shopperMessage(error, { refused, noAnswer: 'Something went wrong. Please try again.' });
}

/** Forgot password: the e-mail first, then the 4-digit PIN, then on to /resetpassword. */
export function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const { values, setErrors, bind } = useFields({ email: '' });
  const [step, setStep] = useState<'email' | 'pin'>('email');
  const [digits, setDigits] = useState<string[]>(Array.from({ length: OTP_LENGTH }, () => ''));
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });
  const [verifiedEmail, setVerifiedEmail] = useState('');

  const sendPin = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(resetRequestSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setPending(true);
    setMessage({ text: '', kind: 'success' });
    try {
      await requestResetOtp(checked.data.email);
      setVerifiedEmail(checked.data.email);
      setStep('pin');
      setMessage({ text: 'OTP sent to your email.', kind: 'success' });
    } catch (error) {
      setMessage({ text: failure(error, 'Failed to send OTP.'), kind: 'error' });
    } finally {
      setPending(false);
    }
  };

  const verifyPin = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(verifyOtpSchema, { email: verifiedEmail, otp: digits.join('') });
    if (!checked.ok) return setMessage({ text: checked.errors.otp ?? checked.errors.email ?? '', kind: 'error' });
    setPending(true);
    try {
      const { resetToken } = await verifyResetOtp(checked.data.email, checked.data.otp);
      setMessage({ text: 'OTP verified! Redirecting...', kind: 'success' });
      rememberResetEmail(checked.data.email, resetToken);
      window.setTimeout(() => window.location.assign(routes.resetPassword), DURATIONS.redirectOtpVerified);
    } catch (error) {
      setMessage({ text: failure(error, 'Invalid OTP. Please try again.'), kind: 'error' });
      setPending(false);
    }
  };

  return step === 'email' ? (
    <form noValidate onSubmit={sendPin} className="flex flex-col gap-4">
      <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
      <FormMessage message={message.text} kind={message.kind} />
      <Button type="submit" block {...guardedSubmit(hydrated, pending)}>
        Reset Password
      </Button>
      <BackToLogin />
    </form>
  ) : (
    <form noValidate onSubmit={verifyPin} className="flex flex-col gap-4">
      <PinInput digits={digits} onChange={setDigits} invalid={message.kind === 'error'} describedBy="pin-message" />
      <div id="pin-message">
        <FormMessage message={message.text} kind={message.kind} />
      </div>
      <Button type="submit" block disabled={pending}>
        Verify PIN
      </Button>
      <BackToLogin />
    </form>
  );
}

function BackToLogin() {
  return (
    <p className="text-center text-sm">
      Did you remember?{' '}
      <a href={routes.login} className="font-semibold text-brand-800 underline">
        Sign In
      </a>
    </p>
  );
}
