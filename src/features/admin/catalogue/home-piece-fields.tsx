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
