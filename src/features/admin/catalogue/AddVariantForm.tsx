import { useState, type FormEvent } from 'react';
import type { AdminProduct } from '../../../../contract/api/admin-catalogue';
import { MAX_VARIANTS } from '../../../../contract/schemas/admin-catalogue';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { addVariant } from './catalogue-api';
import { CHECK_FIELDS } from './NewProductForm';
import { checkNewVariant, emptyVariant, serverFieldErrors, type FieldErrors } from './product-form';
import { VariantFields } from './VariantFields';

type Notice = { text: string; kind: 'error' | 'success' | 'info' };
const NONE: Notice = { text: '', kind: 'success' };

/** A new variant for an existing product, with the stock it starts with. */
export function AddVariantForm({
  product,
  onProduct,
}: {
  product: AdminProduct;
  onProduct: (p: AdminProduct) => void;
}) {
  const [values, setValues] = useState(() => emptyVariant(product.unit));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState(NONE);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkNewVariant(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return setNotice({ text: CHECK_FIELDS, kind: 'error' });
    }
    setBusy(true);
    setNotice(NONE);
    try {
      onProduct(await addVariant(product.id, checked.data));
      setValues(emptyVariant(product.unit));
      setErrors({});
      setNotice({ text: 'Variant added.', kind: 'success' });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setNotice({ text: adminMessage(error, 'The variant could not be added.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add a variant"
      className="space-y-3 rounded-lg border border-dashed border-slate-400 bg-white p-4"
    >
      <h3 className="text-lg font-bold">Add a variant</h3>
      <VariantFields
        values={values}
        errors={errors}
        withStock
        onChange={(next) => {
          setValues((v) => ({ ...v, ...next }));
          setErrors({});
        }}
      />
      <Button type="submit" disabled={busy || product.variants.length >= MAX_VARIANTS}>
        Add variant
      </Button>
      <FormMessage message={notice.text} kind={notice.kind} />
    </form>
  );
}
