import { checkLines, type PincodeCheck } from './pincode-check';

const TONES = {
  good: 'font-semibold text-brand-800',
  bad: 'font-semibold text-red-700',
  quiet: 'text-muted',
} as const;

/**
 * What a delivery check says, in a polite live region so a screen reader hears the answer
 * ('Delivery by Fri, 27 Nov', 'Not deliverable to this pincode yet') when it arrives.
 */
export function DeliveryLines({ check, id }: { check: PincodeCheck; id?: string }) {
  return (
    <div id={id} role="status" aria-live="polite" className="flex flex-col gap-0.5 text-sm break-words">
      {checkLines(check).map((line) => (
        <p key={line.text} className={TONES[line.tone]}>
          {line.text}
          {line.detail && <span className="font-normal text-muted"> {line.detail}</span>}
        </p>
      ))}
    </div>
  );
}
