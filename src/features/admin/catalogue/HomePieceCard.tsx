import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { useDeskTask } from '../use-desk-task';
import { mediaUrl } from './catalogue-format';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { chosenPicture, MoveButtons, PictureInput } from './catalogue-ui';
import { Picture } from '../../../ui/Picture';
import { PieceFields, type HomePiece, type PieceActions, type PieceField } from './home-piece-fields';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * One banner or offer: its picture and text, edited, moved, hidden (offers), given a new picture,
 * or deleted after asking. `noun` names it in every label ('banner', 'offer').
 */
export function HomePieceCard({
  piece,
  noun,
  fields,
  actions,
  index,
  count,
  readOnly,
  deleteText,
  onChanged,
}: {
  piece: HomePiece;
  noun: string;
  fields: PieceField[];
  actions: PieceActions;
  index: number;
  count: number;
  readOnly: boolean;
  /** What deleting it does, said when asking. */
  deleteText: string;
  onChanged: () => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.value])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const task = useDeskTask();
  const { busy, notice } = task;
  const [asking, setAsking] = useState(false);
  const picture = useRef<HTMLInputElement>(null);
  const Noun = capital(noun);

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    if (await task.run(work, done, failed)) onChanged();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = actions.check(values);
    if (!checked.ok) return setErrors(checked.errors);
    void run(() => actions.save(checked.data), `${Noun} saved.`, `The ${noun} could not be saved.`);
  };

  const replace = () => {
    const chosen = chosenPicture(picture.current);
    if ('problem' in chosen) return setErrors({ image: chosen.problem });
    void run(() => actions.replacePicture(chosen.file), 'Picture replaced.', 'The picture could not be replaced.');
  };

  const { setHidden } = actions;
  return (
    <li aria-label={`${Noun} ${piece.title}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <Picture
        url={mediaUrl(piece.image) ?? ''}
        alt={`${Noun} picture: ${piece.title}`}
        sizes="(min-width: 448px) 384px, calc(100vw - 64px)"
        width={320}
        height={120}
        class="h-28 w-full max-w-sm rounded bg-slate-50 object-cover"
      />
      {piece.hidden && <p className="text-sm font-semibold text-muted">Hidden from the home page</p>}
      <form noValidate onSubmit={save} aria-label={`Edit ${noun} ${piece.title}`} className="space-y-3">
        <fieldset disabled={readOnly} className="grid min-w-0 gap-3 sm:grid-cols-2">
          <legend className="sr-only">
            Text of the {noun} {piece.title}
          </legend>
          <PieceFields fields={fields} values={values} errors={errors} setValues={setValues} />
        </fieldset>
        {!readOnly && (
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              Save {noun}
            </Button>
            <MoveButtons
              what={`${noun} ${piece.title}`}
              first={index === 0}
              last={index === count - 1}
              disabled={busy}
              onMove={(by) => void run(() => actions.move(index + 1 + by), 'Moved.', `The ${noun} could not be moved.`)}
            />
            {setHidden && (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() =>
                  void run(
                    () => setHidden(!piece.hidden),
                    piece.hidden ? 'Shown on the home page.' : 'Hidden from the home page.',
                    `The ${noun} could not be changed.`,
                  )
                }
              >
                {piece.hidden ? `Show ${noun}` : `Hide ${noun}`}
              </Button>
            )}
            <Button variant="danger" size="sm" disabled={busy} onClick={() => setAsking(true)}>
              Delete {noun}
            </Button>
          </div>
        )}
      </form>
      {!readOnly && (
        <div className="flex flex-wrap items-end gap-2">
          <PictureInput
            label="New picture"
            error={errors.image ?? ''}
            inputRef={picture}
            onPick={() => setErrors((e) => ({ ...e, image: '' }))}
          />
          <Button variant="secondary" size="sm" disabled={busy} onClick={replace}>
            Replace picture
          </Button>
        </div>
      )}
      <FormMessage message={notice.text} kind={notice.kind} />
      {asking && (
        <ConfirmDialog
          title={`Delete the ${noun} ${piece.title}?`}
          text={deleteText}
          action={`Delete the ${noun}`}
          keep="Keep it"
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) void run(actions.remove, `${Noun} deleted.`, `The ${noun} could not be deleted.`);
          }}
        />
      )}
    </li>
  );
}
