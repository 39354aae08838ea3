import { AUDIT_KIND_OPTIONS } from '../../../../contract/audit-actions';
import { FilterForm } from '../../../ui/FilterForm';
import { Field, SelectField } from '../../../ui/form';
import { AUDIT_LIST, emptyFilters, filterErrors, type AuditFilters } from '../desk-query';

const KIND_OPTIONS = [['', 'Any kind'], ...AUDIT_KIND_OPTIONS] as const;

/** A staff member the filter offers: [id, 'Name (e-mail)']. */
export type StaffChoice = readonly [string, string];

/**
 * The audit log's filters: who acted, the kind of entry (a group or one action, from the one
 * table in contract/audit-actions.ts) and the days, checked with the API's rules before the
 * address changes.
 */
export function AuditFilterForm({
  filters,
  staff,
  onApply,
}: {
  filters: AuditFilters;
  staff: readonly StaffChoice[];
  onApply: (next: AuditFilters) => void;
}) {
  // A member named in the address but not (or not yet) in the list still shows as chosen.
  const known = staff.some(([id]) => id === filters.staff);
  const staffOptions = [
    ['', 'Anyone'] as const,
    ...staff,
    ...(filters.staff && !known ? [[filters.staff, `Staff member #${filters.staff}`] as const] : []),
  ];
  return (
    <FilterForm
      label="Filter the audit log"
      filters={filters}
      check={(next) => filterErrors(AUDIT_LIST, next)}
      cleared={() => emptyFilters(AUDIT_LIST)}
      onApply={onApply}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      actionsClassName="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4"
    >
      {({ bind }) => (
        <>
          <SelectField label="Staff member" options={staffOptions} {...bind('staff')} />
          <SelectField label="Kind" options={KIND_OPTIONS} {...bind('kind')} />
          <Field label="From" type="date" {...bind('from')} />
          <Field label="To" type="date" {...bind('to')} />
        </>
      )}
    </FilterForm>
  );
}
