import { useState, type FormEvent } from 'react';
import type { AdminCategory } from '../../../../contract/api/admin-catalogue';
import { PRODUCT_SORTS } from '../../../../contract/schemas/admin-catalogue';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/form';
import {
  HIDDEN_OPTIONS,
  PRODUCT_LIST,
  SORT_LABELS,
  subcategoryOptions,
  withCategory,
  type ProductFilters,
} from './catalogue-query';
import { emptyFilters, filterErrors } from '../desk-query';
import { SelectField } from '../desk-ui';

const SORT_OPTIONS = PRODUCT_SORTS.map((s) => [s === 'id' ? '' : s, SORT_LABELS[s]] as const);

/** The product table's search, filters and order, checked with the API's own query rules before the address changes. */
export function ProductFilterForm({
  filters,
  categories,
  onApply,
}: {
  filters: ProductFilters;
  categories: readonly AdminCategory[];
  onApply: (next: ProductFilters) => void;
}) {
  const [values, setValues] = useState(filters);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const bind = (key: Exclude<keyof ProductFilters, 'page' | 'category'>) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onValue: (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => ({ ...e, [key]: '' }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...values, page: 1 };
    const found = filterErrors(PRODUCT_LIST, next);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(next);
  };

  const clear = () => {
    const next = emptyFilters(PRODUCT_LIST);
    setValues(next);
    setErrors({});
    onApply(next);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Filter products"
      className="grid gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label="Search" type="search" placeholder="Name or product code" {...bind('search')} />
      <SelectField
        label="Category"
        name="category"
        value={values.category}
        error={errors.category}
        onValue={(category) => setValues((v) => withCategory(v, category, categories))}
        options={[['', 'Every category'], ...categories.map((c) => [String(c.id), c.name] as const)]}
      />
      <SelectField
        label="Subcategory"
        options={[['', 'Every subcategory'], ...subcategoryOptions(categories, values.category)]}
        {...bind('subcategory')}
      />
      <SelectField label="Hidden" options={HIDDEN_OPTIONS} {...bind('hidden')} />
      <SelectField label="Sort" options={SORT_OPTIONS} {...bind('sort')} />
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={clear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
