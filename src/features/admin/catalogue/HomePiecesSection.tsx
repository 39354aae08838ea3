import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { chosenPicture, PictureInput } from './catalogue-ui';
import { LoadFailed } from '../desk-ui';
import { HomePieceCard } from './HomePieceCard';
import { PieceFields, type HomePiece, type PieceActions } from './home-piece-fields';

/** A text field of the pieces, with its label. */
interface FieldSpec {
  name: string;
  label: string;
  hint?: string;
}

/** How one kind of home page piece (banners, offers) is listed, added and changed. */
export interface HomePiecesConfig<T extends HomePiece & { position: number }> {
  /** The section's heading and what it is. */
  heading: string;
  intro: string;
  noun: string;
  /** The text fields, as a new piece's form asks for them (labels of optional ones say so). */
  fields: FieldSpec[];
  load(signal: AbortSignal): Promise<T[]>;
  /** A piece's current value of each field. */
  valueOf(piece: T, field: string): string;
  checkNew(values: Record<string, string>): { ok: true; data: object } | { ok: false; errors: Record<string, string> };
  create(values: Record<string, string>, picture: Blob): Promise<unknown>;
  /** Its actions on the server, for one piece. */
  actionsFor(piece: T): PieceActions;
  /** What deleting one does, and what adding one did. */
  deleteText: string;
  addedText: string;
}

function AddPiece<T extends HomePiece & { position: number }>({
  config,
  onAdded,
}: {
  config: HomePiecesConfig<T>;
  onAdded: () => void;
}) {
  const empty = () => Object.fromEntries(config.fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'success' });
  const [busy, setBusy] = useState(false);
  const picture = useRef<HTMLInputElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = config.checkNew(values);
    const chosen = chosenPicture(picture.current);
    const found = { ...(checked.ok ? {} : checked.errors), ...('problem' in chosen ? { image: chosen.problem } : {}) };
    setErrors(found);
    if (!checked.ok || 'problem' in chosen) return;
    setBusy(true);
    setNotice({ text: '', kind: 'success' });
    try {
      await config.create(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])), chosen.file);
      setValues(empty());
      if (picture.current) picture.current.value = '';
      setNotice({ text: config.addedText, kind: 'success' });
      onAdded();
    } catch (e) {
      setNotice({ text: adminMessage(e, `The ${config.noun} could not be added.`), kind: 'error' });
    } finally {
      setBusy(false);
    }
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

/** The home page's banners or offers: in their order, each edited, moved, re-pictured or deleted; and a new one. */
export function HomePiecesSection<T extends HomePiece & { position: number }>({
  config,
  readOnly,
}: {
  config: HomePiecesConfig<T>;
  readOnly: boolean;
}) {
  const [pieces, setPieces] = useState<T[] | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    config
      .load(controller.signal)
      .then((list) => {
        setPieces(list);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          setError(adminMessage(e, `The ${config.heading.toLowerCase()} could not be loaded.`));
      });
    return () => controller.abort();
  }, [attempt, config]);
  const reload = () => setAttempt((n) => n + 1);
  const headingId = `${config.noun}s-heading`;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-bold">
        {config.heading}
      </h2>
      <p className="text-sm text-muted">{config.intro}</p>
      {error && <LoadFailed message={error} onRetry={reload} />}
      {!pieces && !error && <p role="status">Loading the {config.heading.toLowerCase()}…</p>}
      {pieces && (
        <ol className="space-y-3">
          {pieces.map((piece, i) => (
            <HomePieceCard
              key={`${piece.id}-${piece.position}-${piece.image}-${String(piece.hidden)}`}
              piece={piece}
              noun={config.noun}
              // Edited fields are the new piece's, without "(optional)" in their labels.
              fields={config.fields.map((f) => ({
                name: f.name,
                label: f.label.replace(/ \(optional\)$/, ''),
                hint: f.hint,
                value: config.valueOf(piece, f.name),
              }))}
              actions={config.actionsFor(piece)}
              index={i}
              count={pieces.length}
              readOnly={readOnly}
              deleteText={config.deleteText}
              onChanged={reload}
            />
          ))}
        </ol>
      )}
      {!readOnly && <AddPiece config={config} onAdded={reload} />}
    </section>
  );
}
