import type { CustomerPage as CustomerPageAnswer } from '../../../../contract/api/admin-customers';
import { formatDate } from '../../../../contract/format';
import { FilterForm } from '../../../ui/FilterForm';
import { Field } from '../../../ui/form';
import { Pager } from '../../../ui/Pager';
import { pageCount } from '../../../ui/pagination';
import { AdminShell } from '../AdminShell';
import * as adminRoutes from '../admin-routes';
import { getCustomers } from '../desk-api';
import { matchText } from '../desk-format';
import { CUSTOMER_LIST, filterErrors, type CustomerFilters } from '../desk-query';
import { DeskCell, DeskRow, DeskTable, LoadFailed } from '../desk-ui';
import { useDeskList } from '../use-desk-list';

function CustomerSearch({ filters, onApply }: { filters: CustomerFilters; onApply: (next: CustomerFilters) => void }) {
  return (
    <FilterForm
      label="Find customers"
      search
      submitLabel="Search"
      filters={filters}
      check={(next) => filterErrors(CUSTOMER_LIST, next)}
      onApply={onApply}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      actionsClassName="flex"
    >
      {({ bind }) => <Field label="Name, e-mail or phone" type="search" className="flex-1" {...bind('q')} />}
    </FilterForm>
  );
}

function CustomerRows({ answer }: { answer: CustomerPageAnswer }) {
  if (answer.results.length === 0) return <p className="rounded-lg bg-white p-4">No customers match.</p>;
  return (
    <DeskTable
      caption={`Customers, page ${answer.page} of ${pageCount(answer.count, answer.page_size)}`}
      headers={['Name', 'E-mail', 'Phone', 'Joined', 'Orders']}
    >
      {answer.results.map((c) => {
        const name = `${c.first_name} ${c.last_name}`.trim();
        return (
          <DeskRow key={c.id} label={name}>
            <DeskCell label="Name">
              <a href={adminRoutes.adminCustomer(c.id)} className="font-semibold text-brand-800 underline">
                {name || `Customer ${c.id}`}
              </a>
            </DeskCell>
            <DeskCell label="E-mail">
              <span className="break-all">{c.email}</span>
            </DeskCell>
            <DeskCell label="Phone">{c.phone_number ?? '—'}</DeskCell>
            <DeskCell label="Joined">{formatDate(c.joined)}</DeskCell>
            <DeskCell label="Orders">{c.orders}</DeskCell>
          </DeskRow>
        );
      })}
    </DeskTable>
  );
}

function CustomerList({ search }: { search: string }) {
  const { filters, go, answer, error, loading, retry } = useDeskList(
    CUSTOMER_LIST,
    adminRoutes.adminCustomers,
    search,
    getCustomers,
    'The customers could not be loaded.',
  );
  const pages = answer ? pageCount(answer.count, answer.page_size) : 1;
  return (
    <div className="space-y-4">
      <CustomerSearch key={filters.q} filters={filters} onApply={go} />
      <p role="status" className="text-sm text-muted">
        {loading ? 'Loading customers…' : answer && `${matchText(answer.count, 'customer')} Newest accounts first.`}
      </p>
      {error && <LoadFailed message={error} onRetry={retry} />}
      {answer && !error && (
        <div aria-busy={loading} className={loading ? 'opacity-60' : undefined}>
          <CustomerRows answer={answer} />
        </div>
      )}
      {answer && pages > 1 && (
        <Pager page={answer.page} pages={pages} onPage={(page) => go({ ...filters, page })} label="Customer pages" />
      )}
    </div>
  );
}

/** /admin/customers: find customers by name, e-mail or phone (customers.read: owner, support). */
export function CustomersPage({ search }: { search: string }) {
  return (
    <AdminShell section="customers" permission="customers.read" title="Customers">
      {() => <CustomerList search={search} />}
    </AdminShell>
  );
}
