import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { guardedSubmit, useTypedBeforeHydration } from '../../ui/form-state';
import { useHydrated } from '../../ui/hydrated';
import { DeliveryLines } from './DeliveryLines';
import { rememberedPincode, rememberPincode } from './remembered-pincode';
import { usePincodeCheck } from './use-pincode-check';

/**
 * The product page's pincode check: a pincode and Check, answered with the delivery date and
 * whether cash on delivery is offered there, or why not. The pincode checked last is remembered
 * (local storage) and checked again on the next product page. A form, so a press or Enter before
 * the page's island hydrates is kept by the early-input guard and replayed (layouts/Base.astro).
 */
export function DeliveryCheck() {
  const hydrated = useHydrated();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [check, run] = usePincodeCheck();
  useTypedBeforeHydration(input, value, setValue);

  useEffect(() => {
    // What the shopper typed before hydrating wins over the pincode of an earlier page.
    if (input.current?.value) return;
    const remembered = rememberedPincode(localStorage);
    if (!remembered) return;
    setValue(remembered);
    run(remembered);
  }, [run]);

  useEffect(() => {
    if (check.state === 'answered') rememberPincode(localStorage, check.pincode);
  }, [check]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(value);
  };
  const invalid = check.state === 'refused' && check.reason === 'invalid';

  return (
    <form noValidate onSubmit={submit} aria-label="Check delivery" className="mt-3 flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold">
        Pincode
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          name="pincode"
          type="text"
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-answer`}
          className={`w-0 min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 ${invalid ? 'border-red-600' : 'border-slate-400'}`}
        />
        <Button type="submit" {...guardedSubmit(hydrated, check.state === 'checking')}>
          Check
        </Button>
      </div>
      <DeliveryLines check={check} id={`${id}-answer`} />
    </form>
  );
}
