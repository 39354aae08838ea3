import { Field } from '../../../ui/form';

/** A piece of the home page staff keep in order: a banner of the slider, or an Extra Offer. */
export interface HomePiece {
  id: number;
  title: string;
  image: string;
  hidden?: boolean;
}

/** One of its text fields, as the card edits it. */
export interface PieceField {
  name: string;
  label: string;
  value: string;
  /** Help under the field (what a link may be). */
  hint?: string | undefined;
}

/** What the card does with the server: each answers once the change is stored. */
export interface PieceActions {
  /** The form's values checked with the shared rules: the fields' messages, or the change to send. */
  check(values: Record<string, string>): { ok: true; data: object } | { ok: false; errors: Record<string, string> };
  save(change: object): Promise<unknown>;
  move(position: number): Promise<unknown>;
  replacePicture(picture: Blob): Promise<unknown>;
  remove(): Promise<unknown>;
  /** Hides or shows it (offers); absent when it cannot be hidden (banners). */
  setHidden?(hidden: boolean): Promise<unknown>;
}

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

/** The text fields of a piece's form (a card's, or the form that adds one), each with its message. */
export function PieceFields({
  fields,
  values,
  errors,
  setValues,
}: {
  fields: readonly { name: string; label: string; hint?: string | undefined }[];
  values: Record<string, string>;
  errors: Record<string, string>;
  setValues: (change: (values: Record<string, string>) => Record<string, string>) => void;
}) {
  return fields.map((f) => (
    <Field
      key={f.name}
      label={f.label}
      name={f.name}
      autoComplete="off"
      value={values[f.name] ?? ''}
      error={errors[f.name]}
      hint={f.hint}
      onValue={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
    />
  ));
}
