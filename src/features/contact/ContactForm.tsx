import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { publicApiBase } from '../../lib/api/http';
import { sendContactMessage } from '../../lib/api/contact';
import { refusedByServer, serverFieldErrors } from '../../lib/api/error-message';
import { validate } from '../../../contract/schemas/common';
import { formatCount } from '../../../contract/format';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_THANKS,
  contactSchema,
} from '../../../contract/schemas/contact';
import { failureText, RETURNED, type Status } from './contact-status';
import { controlBorder, FieldShell } from '../../ui/field-shell';
import { FormMessage } from '../../ui/form-message';
import { useHydrated } from '../../ui/hydrated';
import { Button } from '../../ui/Button';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string | undefined };

/**
 * An uncontrolled input: what a shopper types before the island hydrates stays in the field
 * (React does not own its value), and the form reads it on submit.
 */
function Input({ label, name, error, ...rest }: InputProps) {
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          className={`block w-full rounded-lg border px-3 py-2 ${controlBorder(error)}`}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

/**
 * Contact Us: name, e-mail, optional phone and a message, sent to customer care. Until it
 * hydrates it is a plain HTML form posting to the same endpoint (with the browser's own checks).
 */
export function ContactForm() {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ message: '', kind: 'info' });
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const returned = RETURNED[new URLSearchParams(window.location.search).get('contact') ?? ''];
    if (returned) setStatus(returned);
  }, []);

  const clearError = (name: string) =>
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : '']),
    );
    const checked = validate(contactSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ message: 'Please correct the fields marked below.', kind: 'error' });
      return;
    }
    setErrors({});
    setPending(true);
    setStatus({ message: 'Sending your message...', kind: 'info' });
    try {
      await sendContactMessage(checked.data);
      form.current?.reset();
      setStatus({ message: CONTACT_THANKS, kind: 'success' });
    } catch (error) {
      if (refusedByServer(error) && error.status === 400) setErrors(serverFieldErrors(error));
      setStatus({ message: failureText(error), kind: 'error' });
    } finally {
      setPending(false);
    }
  };

  const messageError = errors.message;
  return (
    <form
      ref={form}
      aria-label="Contact form"
      method="post"
      action={`${publicApiBase()}common/contact`}
      noValidate={hydrated}
      onSubmit={submit}
      onInput={(e) => clearError((e.target as HTMLInputElement).name)}
      className="mt-4 space-y-4"
    >
      <Input label="Name" name="name" autoComplete="name" required maxLength={100} error={errors.name} />
      <Input label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Input
        label="Phone (optional)"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        pattern="\d{10}"
        maxLength={10}
        error={errors.phone}
      />
      <FieldShell
        label="Message"
        error={messageError}
        hint={messageError ? undefined : `${CONTACT_MESSAGE_MIN} to ${formatCount(CONTACT_MESSAGE_MAX)} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={5}
            required
            minLength={CONTACT_MESSAGE_MIN}
            maxLength={CONTACT_MESSAGE_MAX}
            className={`block w-full rounded-lg border px-3 py-2 ${controlBorder(messageError)}`}
          />
        )}
      </FieldShell>
      <Button type="submit" disabled={pending} size="lg" className="focus-visible:bg-brand-800">
        Save
      </Button>
      <FormMessage message={status.message} kind={status.kind} />
    </form>
  );
}
