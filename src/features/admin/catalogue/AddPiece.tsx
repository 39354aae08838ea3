import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { useDeskTask } from '../use-desk-task';
import { chosenPicture, PictureInput } from './catalogue-ui';
import { PieceFields, type HomePiece, type HomePiecesConfig } from './home-piece-fields';

/** The form that adds a banner or an offer, last among them. */
export function AddPiece<T extends HomePiece & { position: number }>({
  config,
  onAdded,
}: {
  config: HomePiecesConfig<T>;
  onAdded: () => void;
}) {
  const empty = () => Object.fromEntries(config.fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, notice, run } = useDeskTask();
  const picture = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = config.checkNew(values);
    const chosen = chosenPicture(picture.current);
    const found = { ...(checked.ok ? {} : checked.errors), ...('problem' in chosen ? { image: chosen.problem } : {}) };
    setErrors(found);
    if (!checked.ok || 'problem' in chosen) return;
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    const added = await run(
      async () => {
        await config.create(trimmed, chosen.file);
        setValues(empty());
        if (picture.current) picture.current.value = '';
      },
      config.addedText,
      `The ${config.noun} could not be added.`,
    );
    if (added) onAdded();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Add ${/^[aeiou]/.test(config.noun) ? 'an' : 'a'} ${config.noun}`}
      className="grid gap-3 rounded-lg border border-dashed border-slate-400 bg-white p-4 sm:grid-cols-2"
    >
      <PieceFields fields={config.fields} values={values} errors={errors} setValues={setValues} />
      <PictureInput
        label="Picture (JPEG, PNG or WebP)"
        error={errors.image ?? ''}
        inputRef={picture}
        onPick={() => setErrors((e) => ({ ...e, image: '' }))}
      />
      <div className="flex items-end">
        <Button type="submit" disabled={busy}>
          Add {config.noun}
        </Button>
      </div>
      <div className="sm:col-span-2">
        <FormMessage message={notice.text} kind={notice.kind} />
      </div>
    </form>
  );
}
