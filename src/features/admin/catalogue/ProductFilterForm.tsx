import type { AdminCategory } from '../../../../contract/api/admin-catalogue';
import { PRODUCT_SORTS } from '../../../../contract/schemas/admin-catalogue';
import { FilterForm } from '../../../ui/FilterForm';
import { Field, SelectField } from '../../../ui/form';
import {
  HIDDEN_OPTIONS,
  PRODUCT_LIST,
  SORT_LABELS,
  subcategoryOptions,
  withCategory,
  type ProductFilters,
} from './catalogue-query';
import { emptyFilters, filterErrors } from '../desk-query';

/**
 * The orders the menu offers: ids grow as products are added, so 'created' (which the API still
 * takes) would be 'Oldest added first' again under another name.
 */
export const SORT_OPTIONS = PRODUCT_SORTS.filter((s) => s !== 'created' && s !== '-created').map(
  (s) => [s === 'id' ? '' : s, SORT_LABELS[s]] as const,
);

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
  return (
    <FilterForm
      label="Filter products"
      filters={filters}
      check={(next) => filterErrors(PRODUCT_LIST, next)}
      cleared={() => emptyFilters(PRODUCT_LIST)}
      onApply={onApply}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      actionsClassName="flex flex-wrap items-end gap-2"
    >
      {({ values, errors, setValues, bind }) => (
        <>
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
        </>
      )}
    </FilterForm>
  );
}
