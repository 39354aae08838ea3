import { Field, SelectField } from '../../../ui/form';
import { UNIT_OPTIONS } from './catalogue-format';
import { discountText, type FieldErrors, type VariantFormValues } from './product-form';

/**
 * A variant's fields: names, product code, colour, size, unit, prices with the discount they
 * give (derived, not typed), and, for a new variant, the stock it starts with. `errors` by field
 * name ('price'), or by `prefix` + name for a new product's variants ('variants.1.price').
 */
export function VariantFields({
  values,
  errors,
  prefix = '',
  withStock,
  onChange,
}: {
  values: VariantFormValues;
  errors: FieldErrors;
  prefix?: string;
  withStock: boolean;
  onChange: (next: Partial<VariantFormValues>) => void;
}) {
  const text = (key: keyof VariantFormValues) => ({
    name: key,
    value: values[key],
    error: errors[`${prefix}${key}`],
    onValue: (value: string) => onChange({ [key]: value }),
  });
  const discount = discountText(values.price, values.final_price);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Field label="Variant name" autoComplete="off" {...text('name')} />
      <Field label="Product code (SKU)" autoComplete="off" spellCheck={false} {...text('sku')} />
      <Field label="Colour" autoComplete="off" {...text('color')} />
      <Field label="Size" autoComplete="off" {...text('size')} />
      <SelectField label="Unit" options={UNIT_OPTIONS} {...text('unit')} />
      <Field label="Unit value" inputMode="decimal" autoComplete="off" {...text('unit_value')} />
      <Field label="Price (₹)" inputMode="decimal" autoComplete="off" {...text('price')} />
      <div>
        <Field label="Final price (₹)" inputMode="decimal" autoComplete="off" {...text('final_price')} />
        <p className="mt-1 text-sm text-muted" data-testid="variant-discount">
          Discount: {discount || '—'}
        </p>
      </div>
      {withStock && <Field label="Stock on hand" inputMode="numeric" autoComplete="off" {...text('on_hand')} />}
    </div>
  );
}
