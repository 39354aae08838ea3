import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { Button } from './Button';

/** What a filter form's fields are given: the values being edited, their errors, and `bind` for a Field. */
export interface FilterBinding<F> {
  values: F;
  errors: Record<string, string>;
  setValues: Dispatch<SetStateAction<F>>;
  /** The props that tie a Field or SelectField to one filter: `<Field label="Pincode" {...bind('pincode')} />`. */
  bind: (key: keyof F & string) => {
    name: string;
    value: string;
    error: string | undefined;
    onValue: (value: string) => void;
  };
}

interface FilterFormProps<F extends { page: number }> {
  /** The form's accessible name ('Filter orders'). */
  label: string;
  /** The filters the list shows now (from the address). */
  filters: F;
  /** The errors of a set of filters by field, checked with the API's own query rules before the address changes. */
  check: (next: F) => Record<string, string>;
  /** Called with the filters to show, page 1. */
  onApply: (next: F) => void;
  /** The filters Clear sets; without it there is no Clear button. */
  cleared?: () => F;
  /** Filters the form does not edit, taken from `filters` as they are when it is sent (a tab's state). */
  fixed?: readonly (keyof F)[];
  submitLabel?: string;
  /** A search box rather than a set of filters. */
  search?: boolean;
  /** The grid or row the fields are laid out in. */
  className: string;
  /** Where the buttons sit in it. */
  actionsClassName?: string;
  children: (form: FilterBinding<F>) => ReactNode;
}

/**
 * The one filter form of the back office's lists: the fields edit a copy of the filters; Apply
 * checks them and hands them on at page 1, or shows each field's message; Clear empties them.
 */
export function FilterForm<F extends { page: number }>({
  label,
  filters,
  check,
  onApply,
  cleared,
  fixed = [],
  submitLabel = 'Apply filters',
  search = false,
  className,
  actionsClassName = 'flex flex-wrap gap-2',
  children,
}: FilterFormProps<F>) {
  const [values, setValues] = useState(filters);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pinned = () => Object.fromEntries(fixed.map((key) => [key, filters[key]])) as Partial<F>;

  const bind = (key: keyof F & string) => ({
    name: key,
    value: String(values[key] ?? ''),
    error: errors[key],
    onValue: (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => ({ ...e, [key]: '' }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: F = { ...values, ...pinned(), page: 1 };
    const found = check(next);
    setErrors(found);
    if (Object.values(found).every((message) => !message)) onApply(next);
  };

  const clear = cleared
    ? () => {
        const next: F = { ...cleared(), ...pinned() };
        setValues(next);
        setErrors({});
        onApply(next);
      }
    : undefined;

  return (
    <form
      noValidate
      role={search ? 'search' : undefined}
      onSubmit={submit}
      aria-label={label}
      className={`rounded-lg border border-slate-300 bg-white p-4 ${className}`}
    >
      {children({ values, errors, setValues, bind })}
      <div className={actionsClassName}>
        <Button type="submit">{submitLabel}</Button>
        {clear && (
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
