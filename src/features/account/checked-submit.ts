import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { validate } from '../../../contract/schemas/common';

/**
 * An account form's submit: one at a time, the values checked by the form's schema (what fails goes to
 * its field), the last message cleared, then `send` with the parsed values. The form stays pending until
 * `send` calls `release`: a login that succeeds leaves the page instead, so its button stays disabled.
 */
export function useCheckedSubmit<S extends z.ZodType>(
  schema: S,
  values: unknown,
  setErrors: (errors: Record<string, string>) => void,
  send: (data: z.output<S>, release: () => void) => Promise<void>,
) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(schema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setPending(true);
    setMessage('');
    await send(checked.data, () => setPending(false));
  };
  return { pending, message, setMessage, submit };
}
