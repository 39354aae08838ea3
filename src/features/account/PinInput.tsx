import { useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '../../../contract/schemas/auth';

interface Props {
  digits: string[];
  onChange: (digits: string[]) => void;
  invalid: boolean;
  describedBy?: string;
}

/** Four one-digit boxes: typing moves on, backspace on an empty box moves back, pasting fills all. */
export function PinInput({ digits, onChange, invalid, describedBy }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  // Digits typed into server-rendered boxes before hydration are kept, not overwritten by state.
  useLayoutEffect(() => {
    const typed = boxes.current.map((box) => box?.value.replace(/\D/g, '').slice(0, 1) ?? '');
    if (typed.some((d, i) => d !== (digits[i] ?? ''))) onChange(typed);
    // Only what the boxes held at mount: later typing arrives through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const type = (i: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    if (typed.length > 1) return fill(i, typed);
    const next = [...digits];
    next[i] = typed;
    onChange(next);
    if (typed) focus(i + 1);
  };
  const fill = (from: number, text: string) => {
    const next = [...digits];
    for (let k = 0; k < text.length && from + k < OTP_LENGTH; k += 1) next[from + k] = text.charAt(k);
    onChange(next);
    focus(from + text.length);
  };
  const key = (i: number, event: KeyboardEvent<HTMLInputElement>) => {
    // A digit key always replaces this box's digit, whatever the selection or maxlength allow.
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      type(i, event.key);
    } else if (event.key === 'Backspace' && !digits[i]) {
      event.preventDefault();
      focus(i - 1);
    } else if (event.key === 'ArrowLeft') focus(i - 1);
    else if (event.key === 'ArrowRight') focus(i + 1);
  };
  const paste = (i: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!text) return;
    event.preventDefault();
    fill(i, text);
  };

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-semibold">Enter the 4-digit PIN from your e-mail</legend>
      <div className="flex justify-center gap-3">
        {Array.from({ length: OTP_LENGTH }, (_, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            aria-label={`PIN digit ${i + 1}`}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            maxLength={i === 0 ? OTP_LENGTH : 1}
            value={digits[i] ?? ''}
            aria-invalid={invalid || undefined}
            onChange={(e) => type(i, e.target.value)}
            onKeyDown={(e) => key(i, e)}
            onPaste={(e) => paste(i, e)}
            onFocus={(e) => e.target.select()}
            className={`h-14 w-12 rounded-lg border-2 text-center text-2xl font-bold ${invalid ? 'border-red-600' : 'border-slate-400'}`}
          />
        ))}
      </div>
    </fieldset>
  );
}
