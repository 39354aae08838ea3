import type { AdminCategory } from '../../../../contract/api/admin-catalogue';
import { GST_RATES, MAX_DESCRIPTION } from '../../../../contract/schemas/admin-catalogue';
import { Field, SelectField, TextAreaField } from '../../../ui/form';
import { subcategoryOptions } from './catalogue-query';
import { CheckField } from './catalogue-ui';
import { UNIT_OPTIONS } from './catalogue-format';
import type { FieldErrors, ProductFormValues } from './product-form';

const GST_OPTIONS = GST_RATES.map((r) => [String(r), `${r}%`] as const);

/**
 * A product's own fields: names, where it is listed (category, then one of its subcategories),
 * sizes, tax and the flags. Errors by field name (the shared rules' words, or the server's).
 */
export function ProductFields({
  values,
  errors,
  categories,
  onChange,
}: {
  values: ProductFormValues;
  errors: FieldErrors;
  categories: readonly AdminCategory[];
  onChange: (next: Partial<ProductFormValues>) => void;
}) {
  const text = (key: keyof ProductFormValues & string) => ({
    name: key,
    value: String(values[key]),
    error: errors[key],
    onValue: (value: string) => onChange({ [key]: value }),
  });
  const chooseCategory = (category: string) => {
    const keeps = categories
      .find((c) => String(c.id) === category)
      ?.subcategories.some((s) => String(s.id) === values.subcategory_id);
    onChange({ category, subcategory_id: keeps ? values.subcategory_id : '' });
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Field label="Name" autoComplete="off" className="sm:col-span-2" {...text('name')} />
      <Field label="Brand" autoComplete="off" {...text('brand')} />
      <div className="sm:col-span-2 lg:col-span-3">
        <TextAreaField
          label="Description"
          value={values.description}
          error={errors.description}
          maxLength={MAX_DESCRIPTION}
          onValue={(description) => onChange({ description })}
        />
      </div>
      <SelectField
        label="Category"
        name="category"
        value={values.category}
        onValue={chooseCategory}
        options={[['', 'Choose a category'], ...categories.map((c) => [String(c.id), c.name] as const)]}
      />
      <SelectField
        label="Subcategory"
        options={[
          ['', values.category ? 'Choose a subcategory' : 'Choose a category first'],
          ...(values.category ? subcategoryOptions(categories, values.category) : []),
        ]}
        {...text('subcategory_id')}
      />
      <SelectField label="Unit" options={UNIT_OPTIONS} {...text('unit')} />
      <Field label="Weight (g)" inputMode="numeric" autoComplete="off" {...text('weight')} />
      <Field label="Length (cm)" inputMode="decimal" autoComplete="off" {...text('length')} />
      <Field label="Width (cm)" inputMode="decimal" autoComplete="off" {...text('width')} />
      <Field label="Height (cm)" inputMode="decimal" autoComplete="off" {...text('height')} />
      <Field label="HSN code" inputMode="numeric" autoComplete="off" {...text('hsn_code')} />
      <SelectField label="GST rate" options={GST_OPTIONS} {...text('gst_rate')} />
      <fieldset className="space-y-2 sm:col-span-2 lg:col-span-3">
        <legend className="mb-1 text-sm font-semibold">On the shop</legend>
        <CheckField
          label="Popular"
          hint="Among Popular Products on the home page."
          checked={values.popular}
          onChecked={(popular) => onChange({ popular })}
        />
        <CheckField
          label="Deals"
          hint="Among Daily Best Deals on the home page."
          checked={values.big_deal}
          onChecked={(big_deal) => onChange({ big_deal })}
        />
        <CheckField
          label="Hidden"
          hint="Off the shop: its page and listings go; orders keep what they name."
          checked={values.hidden}
          onChecked={(hidden) => onChange({ hidden })}
        />
      </fieldset>
    </div>
  );
}
