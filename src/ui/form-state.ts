import { useLayoutEffect, useState, type RefObject } from 'react';

/** A form's state: the typed values and their messages, typing kept from before hydration, submits guarded. */

/**
 * Keeps what the shopper typed into the server's HTML before this island hydrated. React adopts
 * the page's input as it is, but its state still holds the initial value, and the next render
 * would write that back over the typing. Read once as the island mounts, before anything paints.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>,
  value: string,
  onValue: (value: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onValue(typed);
    // Only what was there at mount: later changes arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * Props of a submit button that the page's early-input guard (layouts/Base.astro) enables as soon
 * as it is listening: until then a press could submit the bare HTML form (the fields in the
 * address), after that the guard keeps the press and replays it once the island has hydrated.
 */
export function guardedSubmit(hydrated: boolean, pending: boolean) {
  return { disabled: !hydrated || pending, 'data-guarded': hydrated ? undefined : '' } as const;
}

/** Field values and per-field errors; editing a field clears its error. */
export function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };
  /** The props that tie a Field to one value: `<Field label="City" {...bind('city')} />`. */
  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onValue: (value: string) => set(name, value),
  });
  return { values, setValues, errors, setErrors, set, bind };
}
