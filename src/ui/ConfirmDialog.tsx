import { useEffect, useId, useRef } from 'react';
import { keepFocusInside } from '../lib/focus-trap';
import { Button } from './Button';

/**
 * A question before something that cannot be undone, a native modal dialog: focus stays inside
 * and returns to the button that opened it on closing; Escape answers no.
 */
export function ConfirmDialog({
  title,
  text,
  action,
  keep,
  onAnswer,
}: {
  title: string;
  text: string;
  action: string;
  keep: string;
  onAnswer: (yes: boolean) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const answer = useRef(false);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const finish = (yes: boolean) => {
    answer.current = yes;
    ref.current?.close();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-2xl"
      onClose={() => onAnswer(answer.current)}
      onKeyDown={(event) => ref.current && keepFocusInside(event.nativeEvent, ref.current)}
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold break-words">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-2">
        {text}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => finish(false)}>
          {keep}
        </Button>
        <Button variant="danger" onClick={() => finish(true)}>
          {action}
        </Button>
      </div>
    </dialog>
  );
}
