import { useState, type FormEvent } from 'react';
import type { AdminCategory, AdminProduct } from '../../../../contract/api/admin-catalogue';
import * as routes from '../../../lib/routes';
import { Button } from '../../../ui/Button';
import { DeskNotice } from '../DeskNotice';
import { adminMessage } from '../admin-messages';
import { AddVariantForm } from './AddVariantForm';
import { changeProduct } from './catalogue-api';
import { CHECK_FIELDS } from './NewProductForm';
import { ProductFields } from './ProductFields';
import { productChanges, productValues, serverFieldErrors, type FieldErrors } from './product-form';
import { VariantCard } from './VariantCard';

type Notice = { text: string; kind: 'error' | 'success' | 'info' };
const NONE: Notice = { text: '', kind: 'success' };

/** An existing product: its own fields (saved together), each variant, and a form for another variant. */
export function ProductEditor({
  product,
  categories,
  readOnly,
  onProduct,
}: {
  product: AdminProduct;
  categories: readonly AdminCategory[];
  readOnly: boolean;
  onProduct: (product: AdminProduct) => void;
}) {
  const [values, setValues] = useState(() => productValues(product));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState(NONE);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = productChanges(product, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return setNotice({ text: CHECK_FIELDS, kind: 'error' });
    }
    if (Object.keys(checked.data).length === 0)
      return setNotice({ text: 'Nothing to save: no field changed.', kind: 'info' });
    setBusy(true);
    setNotice(NONE);
    try {
      const saved = await changeProduct(product.id, checked.data);
      onProduct(saved);
      setValues(productValues(saved));
      setErrors({});
      setNotice({ text: 'Product saved. The shop’s pages follow within seconds.', kind: 'success' });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setNotice({ text: adminMessage(error, 'The product could not be saved.'), kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm">
        <strong data-testid="product-shown">{product.shown ? 'Shown on the shop' : 'Not shown on the shop'}</strong>
        {product.shown && (
          <>
            {' · '}
            <a href={routes.product(product.id)} className="font-semibold text-brand-800 underline">
              Its page on the shop
            </a>
          </>
        )}
      </p>
      <form
        noValidate
        onSubmit={save}
        aria-label="Product"
        className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      >
        <h2 className="text-lg font-bold">Product</h2>
        <fieldset disabled={readOnly} className="min-w-0">
          <legend className="sr-only">Fields of {product.name}</legend>
          <ProductFields
            values={values}
            errors={errors}
            categories={categories}
            onChange={(next) => {
              setValues((v) => ({ ...v, ...next }));
              setErrors({});
            }}
          />
        </fieldset>
        {!readOnly && (
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save product'}
          </Button>
        )}
        <DeskNotice message={notice.text} kind={notice.kind} />
      </form>
      <h2 className="text-lg font-bold">Variants ({product.variants.length})</h2>
      {product.variants.map((variant) => (
        <VariantCard key={variant.id} variant={variant} readOnly={readOnly} onProduct={onProduct} />
      ))}
      {!readOnly && <AddVariantForm product={product} onProduct={onProduct} />}
    </div>
  );
}
