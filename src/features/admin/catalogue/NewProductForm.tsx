import { useRef, useState, type FormEvent } from 'react';
import type { AdminCategory, AdminProduct } from '../../../../contract/api/admin-catalogue';
import { MAX_VARIANTS } from '../../../../contract/schemas/admin-catalogue';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { createProduct } from './catalogue-api';
import { ProductFields } from './ProductFields';
import {
  checkNewProduct,
  EMPTY_PRODUCT,
  emptyVariant,
  serverFieldErrors,
  type FieldErrors,
  type VariantFormValues,
} from './product-form';
import { VariantFields } from './VariantFields';

/** Said when the form has mistakes: the fields marked say which. */
export const CHECK_FIELDS = 'Check the fields marked below.';

/** A new product with its variants (at least one), checked with the shared rules, then sent at once. */
export function NewProductForm({
  categories,
  onCreated,
}: {
  categories: readonly AdminCategory[];
  onCreated: (product: AdminProduct) => void;
}) {
  const [values, setValues] = useState(EMPTY_PRODUCT);
  const serial = useRef(1);
  const [variants, setVariants] = useState<{ key: number; values: VariantFormValues }[]>([
    { key: 0, values: emptyVariant(EMPTY_PRODUCT.unit) },
  ]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkNewProduct(
      values,
      variants.map((v) => v.values),
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      setMessage(checked.errors.variants ?? CHECK_FIELDS);
      return;
    }
    setPending(true);
    setErrors({});
    setMessage('');
    try {
      onCreated(await createProduct(checked.data));
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setMessage(adminMessage(error, 'The product could not be saved. Please try again.'));
      setPending(false);
    }
  };

  const addVariant = () => {
    setVariants((list) => [...list, { key: serial.current++, values: emptyVariant(values.unit) }]);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="New product" className="space-y-4">
      <section className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
        <h2 className="text-lg font-bold">Product</h2>
        <ProductFields
          values={values}
          errors={errors}
          categories={categories}
          onChange={(next) => setValues((v) => ({ ...v, ...next }))}
        />
      </section>
      {variants.map((variant, i) => (
        <fieldset key={variant.key} className="space-y-3 rounded-lg border border-slate-300 bg-white p-4">
          <legend className="px-1 text-lg font-bold">Variant {i + 1}</legend>
          <VariantFields
            values={variant.values}
            errors={errors}
            prefix={`variants.${i}.`}
            withStock
            onChange={(next) =>
              setVariants((list) =>
                list.map((v) => (v.key === variant.key ? { ...v, values: { ...v.values, ...next } } : v)),
              )
            }
          />
          {variants.length > 1 && (
            <Button
              variant="danger"
              size="xs"
              onClick={() => setVariants((list) => list.filter((v) => v.key !== variant.key))}
            >
              Remove variant {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={variants.length >= MAX_VARIANTS} onClick={addVariant}>
          Add another variant
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Create product'}
        </Button>
      </div>
      <FormMessage message={message} kind="error" />
    </form>
  );
}
