import { ORDER_SORTS, type OrderSort } from '../../../../contract/schemas/admin-orders';
import { PAYMENT_METHODS } from '../../../../contract/order-lifecycle';
import { FilterForm } from '../../../ui/FilterForm';
import { Field, SelectField } from '../../../ui/form';
import { PAYMENT_METHOD_LABELS } from '../desk-format';
import { emptyFilters, filterErrors, ORDER_BOARD, type BoardFilters } from '../desk-query';

const SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  amount_high: 'Amount: highest first',
  amount_low: 'Amount: lowest first',
};
const SORT_OPTIONS = ORDER_SORTS.map((s) => [s === 'newest' ? '' : s, SORT_LABELS[s]] as const);
const PAYMENT_OPTIONS = [['', 'Any'], ...PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD_LABELS[m]] as const)] as const;

/**
 * The board's filters: the days placed, payment, pincode, a search and the order, checked with
 * the board's own rules (contract/schemas/admin-orders.ts) before the address changes.
 */
export function BoardFilterForm({
  filters,
  onApply,
}: {
  filters: BoardFilters;
  onApply: (next: BoardFilters) => void;
}) {
  return (
    <FilterForm
      label="Filter orders"
      filters={filters}
      check={(next) => filterErrors(ORDER_BOARD, next)}
      cleared={() => emptyFilters(ORDER_BOARD)}
      fixed={['state']}
      onApply={onApply}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      actionsClassName="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3"
    >
      {({ bind }) => (
        <>
          <Field label="Search" type="search" placeholder="Order number, e-mail or phone" {...bind('q')} />
          <Field label="Placed from" type="date" {...bind('from')} />
          <Field label="Placed to" type="date" {...bind('to')} />
          <SelectField label="Payment" options={PAYMENT_OPTIONS} {...bind('payment_method')} />
          <Field label="Pincode" inputMode="numeric" autoComplete="off" {...bind('pincode')} />
          <SelectField label="Sort" options={SORT_OPTIONS} {...bind('sort')} />
        </>
      )}
    </FilterForm>
  );
}
