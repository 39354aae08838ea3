import { useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { controlBorder, FieldShell } from './field-shell';
import { useTypedBeforeHydration } from './form-state';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onValue: (value: string) => void;
  /** Extra control after the input (e.g. a show/hide button). */
  after?: ReactNode;
  /** What the input takes, shown below it before anything is typed ('At least 8 characters…'). */
  hint?: string | undefined;
};

/** A labelled input with its error text tied to it for assistive technology. */
export function Field({ label, name, value, error, onValue, after, hint, className, ...rest }: FieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, value, onValue);
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className="flex">
          <input
            ref={input}
            {...control}
            name={name}
            value={value}
            onChange={(e) => onValue(e.target.value)}
            className={`min-w-0 flex-1 rounded-lg border px-3 py-2 ${controlBorder(error)} ${after ? 'rounded-r-none' : ''}`}
            {...rest}
          />
          {after}
        </div>
      )}
    </FieldShell>
  );
}

/** A labelled choice of options ([value, text] pairs). */
export function SelectField({
  label,
  name,
  value,
  onValue,
  options,
  error,
  className,
}: {
  label: string;
  name?: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly (readonly [string, string])[];
  error?: string | undefined;
  className?: string;
}) {
  return (
    <FieldShell label={label} error={error} className={className}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2"
        >
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A labelled text area, how much of it is used, and its error. */
export function TextAreaField({
  label,
  value,
  onValue,
  error,
  maxLength,
  autoFocus,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  maxLength: number;
  autoFocus?: boolean;
}) {
  return (
    <FieldShell label={label} error={error} hint={`${value.length} of at most ${maxLength} characters`}>
      {(control) => (
        <textarea
          {...control}
          value={value}
          rows={3}
          autoFocus={autoFocus}
          onChange={(e) => onValue(e.target.value)}
          className={`w-full rounded-lg border px-3 py-2 ${controlBorder(error)}`}
        />
      )}
    </FieldShell>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'after'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      after={
        <button
          type="button"
          className="rounded-r-lg border border-l-0 border-slate-400 px-3 text-sm font-semibold hover:bg-slate-50"
          aria-pressed={shown}
          aria-label={shown ? 'Hide password' : 'Show password'}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
