import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { validate } from '../../../../contract/schemas/common';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { useNameField } from './use-name-field';

type Notice = { text: string; kind: 'error' | 'success' };

/** A one-field form that adds a named thing (a category, or a subcategory of one). */
export function AddByName({
  label,
  button,
  schema,
  extra = {},
  onAdd,
}: {
  label: string;
  button: string;
  schema: z.ZodType;
  extra?: Record<string, unknown>;
  onAdd: (name: string) => Promise<unknown>;
}) {
  const { name, setName, setError, field } = useNameField();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>({ text: '', kind: 'success' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(schema, { ...extra, name });
    if (!checked.ok) return setError(checked.errors.name ?? Object.values(checked.errors)[0] ?? '');
    setBusy(true);
    setNotice({ text: '', kind: 'success' });
    try {
      await onAdd(name.trim());
      setName('');
      setNotice({ text: 'Added.', kind: 'success' });
    } catch (e) {
      setNotice({ text: adminMessage(e, 'It could not be added.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={submit} aria-label={button} className="flex flex-wrap items-end gap-2">
      {field(label)}
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        {button}
      </Button>
      <FormMessage message={notice.text} kind={notice.kind} />
    </form>
  );
}
