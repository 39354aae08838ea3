import { useState, type FormEvent } from 'react';
import { ORDER_SORTS, type OrderSort } from '../../../../contract/schemas/admin-orders';
import { PAYMENT_METHODS } from '../../../../contract/order-lifecycle';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/form';
import { PAYMENT_METHOD_LABELS } from '../desk-format';
import { emptyFilters, filterErrors, ORDER_BOARD, type BoardFilters } from '../desk-query';
import { SelectField } from '../desk-ui';

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
  const [values, setValues] = useState(filters);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const bind = (key: Exclude<keyof BoardFilters, 'page' | 'state'>) => ({
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
    const next = { ...values, state: filters.state, page: 1 };
    const found = filterErrors(ORDER_BOARD, next);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(next);
  };

  const clear = () => {
    const next = { ...emptyFilters(ORDER_BOARD), state: filters.state };
    setValues(next);
    setErrors({});
    onApply(next);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Filter orders"
      className="grid gap-3 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label="Search" type="search" placeholder="Order number, e-mail or phone" {...bind('q')} />
      <Field label="Placed from" type="date" {...bind('from')} />
      <Field label="Placed to" type="date" {...bind('to')} />
      <SelectField label="Payment" options={PAYMENT_OPTIONS} {...bind('payment_method')} />
      <Field label="Pincode" inputMode="numeric" autoComplete="off" {...bind('pincode')} />
      <SelectField label="Sort" options={SORT_OPTIONS} {...bind('sort')} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        <Button variant="secondary" onClick={clear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
