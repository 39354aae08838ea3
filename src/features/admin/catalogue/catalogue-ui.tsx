import { useId, type RefObject } from 'react';
import { IMAGE_TYPES, imageProblem } from '../../../../contract/uploads';
import { Button } from '../../../ui/Button';
import { FieldShell } from '../../../ui/field-shell';

/** A labelled tick box. */
export function CheckField({
  label,
  checked,
  onChecked,
  hint,
}: {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChecked(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 h-4 w-4 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** Up and down buttons that move a thing among its siblings; each says what it moves. */
export function MoveButtons({
  what,
  first,
  last,
  disabled,
  onMove,
}: {
  what: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <span className="inline-flex gap-1">
      <Button variant="secondary" size="xs" disabled={disabled || first} onClick={() => onMove(-1)}>
        Up<span className="sr-only"> {what}</span>
      </Button>
      <Button variant="secondary" size="xs" disabled={disabled || last} onClick={() => onMove(1)}>
        Down<span className="sr-only"> {what}</span>
      </Button>
    </span>
  );
}

/** A labelled picture chooser (JPEG, PNG or WebP), its error tied to it. */
export function PictureInput({
  label,
  error,
  inputRef,
  onPick,
}: {
  label: string;
  error: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onPick: () => void;
}) {
  return (
    <FieldShell label={label} error={error}>
      {(control) => (
        <input
          ref={inputRef}
          {...control}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={onPick}
          className="max-w-full text-sm"
        />
      )}
    </FieldShell>
  );
}

/** The picture chosen in `input`, or why it cannot be sent. */
export function chosenPicture(input: HTMLInputElement | null): { file: File } | { problem: string } {
  const file = input?.files?.[0];
  if (!file) return { problem: 'Choose a picture first.' };
  const problem = imageProblem(file);
  return problem ? { problem } : { file };
}
