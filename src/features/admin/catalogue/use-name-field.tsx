import { useState } from 'react';
import { Field } from '../../../ui/form';

/** A name typed into a small form (adding or renaming): its text, its error, and the field that edits both. */
export function useNameField(initial = '') {
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const field = (label: string) => (
    <Field
      label={label}
      name="name"
      autoComplete="off"
      value={name}
      error={error}
      onValue={(value) => {
        setName(value);
        setError('');
      }}
    />
  );
  return { name, setName, error, setError, field };
}
