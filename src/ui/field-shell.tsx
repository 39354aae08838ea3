import { useId, type ReactNode } from 'react';

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
