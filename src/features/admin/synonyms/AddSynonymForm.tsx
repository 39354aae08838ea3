import { useState, type FormEvent } from 'react';
import type { SynonymPairAnswer } from '../../../../contract/api/admin-synonyms';
import { SynonymPairBody } from '../../../../contract/schemas/admin-synonyms';
import { validate } from '../../../../contract/schemas/common';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { useFields } from '../../../ui/form-state';
import { adminMessage } from '../admin-messages';
import { serverFieldErrors } from '../catalogue/product-form';
import { addSynonym } from './synonyms-api';

/** Adds a pair, checked with the API's own rules first and the server's field messages after. */
export function AddSynonymForm({ onAdded }: { onAdded: (pair: SynonymPairAnswer) => void }) {
  const { values, setValues, setErrors, bind } = useFields({ term: '', synonym: '' });
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validate(SynonymPairBody, values);
    if (!checked.ok) return setErrors(checked.errors);
    setPending(true);
    setErrors({});
    setMessage('');
    try {
      const pair = await addSynonym(checked.data);
      setValues({ term: '', synonym: '' });
      onAdded(pair);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setMessage(adminMessage(error, 'The pair could not be added. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add a synonym"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
    >
      <h2 className="text-lg font-bold">Add a pair</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label="Word shoppers type"
          hint="One word, e.g. haldi"
          autoComplete="off"
          className="flex-1"
          {...bind('term')}
        />
        <Field
          label="Also finds"
          hint="A word (both ways) or a phrase of up to 4 words"
          autoComplete="off"
          className="flex-1"
          {...bind('synonym')}
        />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? 'Adding…' : 'Add pair'}
      </Button>
      <FormMessage message={message} kind="error" />
    </form>
  );
}
