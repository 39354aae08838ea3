import { useId, useState, type FormEvent } from 'react';
import type { AdminProduct, AdminVariant } from '../../../../contract/api/admin-catalogue';
import { Button } from '../../../ui/Button';
import { DeskNotice } from '../DeskNotice';
import { adminMessage } from '../admin-messages';
import { changeVariant, deleteVariant } from './catalogue-api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { serverFieldErrors, variantChanges, variantValues, type FieldErrors } from './product-form';
import { StockForm } from './StockForm';
import { VariantFields } from './VariantFields';
import { VariantPictures } from './VariantPictures';

type Notice = { text: string; kind: 'error' | 'success' | 'info' };
const NONE: Notice = { text: '', kind: 'success' };

/** One variant of a product: its fields (saved on their own), its stock, its pictures, and Delete. */
export function VariantCard({
  variant,
  readOnly,
  onProduct,
}: {
  variant: AdminVariant;
  readOnly: boolean;
  onProduct: (product: AdminProduct) => void;
}) {
  const [values, setValues] = useState(() => variantValues(variant));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState(NONE);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const heading = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = variantChanges(variant, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return setNotice({ text: 'Check the fields marked.', kind: 'error' });
    }
    if (Object.keys(checked.data).length === 0)
      return setNotice({ text: 'Nothing to save: no field changed.', kind: 'info' });
    setBusy(true);
    setErrors({});
    setNotice(NONE);
    try {
      const product = await changeVariant(variant.id, checked.data);
      const saved = product.variants.find((v) => v.id === variant.id);
      if (saved) setValues(variantValues(saved));
      onProduct(product);
      setNotice({ text: 'Variant saved.', kind: 'success' });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setNotice({ text: adminMessage(error, 'The variant could not be saved.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setNotice(NONE);
    try {
      onProduct(await deleteVariant(variant.id));
    } catch (error) {
      setNotice({ text: adminMessage(error, 'The variant could not be deleted.'), kind: 'error' });
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={heading} className="space-y-4 rounded-lg border border-slate-300 bg-white p-4">
      <h3 id={heading} className="text-lg font-bold break-words">
        Variant: {variant.name}
      </h3>
      <form noValidate onSubmit={save} aria-label={`Variant ${variant.name}`} className="space-y-3">
        <fieldset disabled={readOnly} className="min-w-0">
          <legend className="sr-only">Fields of {variant.name}</legend>
          <VariantFields
            values={values}
            errors={errors}
            withStock={false}
            onChange={(next) => {
              setValues((v) => ({ ...v, ...next }));
              setErrors({});
            }}
          />
        </fieldset>
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              Save variant
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => setAsking(true)}>
              Delete variant
            </Button>
          </div>
        )}
        <DeskNotice message={notice.text} kind={notice.kind} />
      </form>
      <StockForm variant={variant} readOnly={readOnly} onProduct={onProduct} />
      <VariantPictures variant={variant} readOnly={readOnly} onProduct={onProduct} />
      {asking && (
        <ConfirmDialog
          title={`Delete the variant ${variant.name}?`}
          text="Its stock and pictures go with it. A variant named on orders or reviewed cannot be deleted: hide the product instead."
          action="Delete the variant"
          keep="Keep it"
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) void remove();
          }}
        />
      )}
    </section>
  );
}
