import { useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
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

/** What a control inside a FieldShell is given, so its label, hint and error are tied to it. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The one label-control-message layout of every form: the label above, the control, then a hint
 * and the error, both tied to the control for assistive technology.
 */
export function FieldShell({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  /** Help under the control ('12 of at most 500 characters'). */
  hint?: ReactNode;
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The border of a control: red while it has an error. */
export function controlBorder(error: string | undefined): string {
  return error ? 'border-red-600' : 'border-slate-400';
}

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

/** The form-level message: a polite live region, styled by outcome. */
export function FormMessage({ message, kind }: { message: string; kind: 'error' | 'success' | 'info' }) {
  const styles = {
    error: 'bg-red-50 text-red-800',
    success: 'bg-brand-50 text-brand-800',
    info: 'bg-sky-50 text-sky-900',
  };
  return (
    <p
      role="status"
      aria-live="polite"
      className={message ? `rounded-lg px-3 py-2 text-sm ${styles[kind]}` : 'sr-only'}
    >
      {message}
    </p>
  );
}
