import { useState } from 'react';
import type { AdminProductPage } from '../../../../contract/api/admin-catalogue';
import type { StaffMe } from '../../../../contract/api/staff';
import { roleCan } from '../../../../contract/staff';
import { Button } from '../../../ui/Button';
import { buttonClass } from '../../../ui/button-class';
import { FormMessage } from '../../../ui/form-message';
import { Thumb } from '../../../ui/line-items';
import { Pager } from '../../../ui/Pager';
import { pageCount } from '../../../ui/pagination';
import { AdminShell } from '../AdminShell';
import { adminMessage } from '../admin-messages';
import * as adminRoutes from '../admin-routes';
import { exportCatalogueCsv, getAdminProducts } from './catalogue-api';
import { mediaUrl, priceRangeText } from './catalogue-format';
import { PRODUCT_LIST } from './catalogue-query';
import { searchOf } from '../desk-query';
import { DeskCell, DeskRow, DeskTable, LoadFailed } from '../desk-ui';
import { ProductFilterForm } from './ProductFilterForm';
import { useAdminCategories } from './use-admin-categories';
import { useDeskList } from '../use-desk-list';
import { saveFile } from '../../../ui/save-file';

/** Export CSV: the whole catalogue, fetched with the staff token and saved as a file. */
function ExportButton() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const download = async () => {
    setBusy(true);
    setMessage('');
    try {
      saveFile(await exportCatalogueCsv());
    } catch (error) {
      setMessage(adminMessage(error, 'The catalogue could not be exported.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Exporting…' : 'Export CSV'}
      </Button>
      {message && <FormMessage message={message} kind="error" />}
    </>
  );
}

function ProductRows({ answer }: { answer: AdminProductPage }) {
  if (answer.results.length === 0) return <p className="rounded-lg bg-white p-4">No products match these filters.</p>;
  return (
    <DeskTable
      caption={`Products, page ${answer.page} of ${pageCount(answer.count, answer.page_size)}`}
      headers={['Picture', 'Product', 'Category', 'Product codes', 'Price', 'Available', 'Shown']}
    >
      {answer.results.map((row) => (
        <DeskRow key={row.id} label={row.name}>
          <td className="hidden md:table-cell md:px-3 md:py-2">
            <Thumb src={mediaUrl(row.image)} size={56} />
          </td>
          <DeskCell label="Product" wide>
            <a href={adminRoutes.adminProduct(row.id)} className="font-semibold break-words text-brand-800 underline">
              {row.name}
            </a>
            <span className="block text-muted">
              #{row.id}
              {row.brand ? ` · ${row.brand}` : ''}
            </span>
          </DeskCell>
          <DeskCell label="Category">
            {row.category_name} › {row.sub_category_name}
          </DeskCell>
          <DeskCell label="Product codes">
            <span className="break-all">{row.skus.join(', ') || '—'}</span>
          </DeskCell>
          <DeskCell label="Price">{priceRangeText(row.min_price, row.max_price)}</DeskCell>
          <DeskCell label="Available">{row.available}</DeskCell>
          <DeskCell label="Shown">
            <strong>{row.hidden ? 'Hidden' : row.shown ? 'Shown' : 'Hidden with its category'}</strong>
          </DeskCell>
        </DeskRow>
      ))}
    </DeskTable>
  );
}

function ProductTable({ search, me }: { search: string; me: StaffMe }) {
  const { filters, go, answer, error, loading, retry } = useDeskList(
    PRODUCT_LIST,
    adminRoutes.adminCatalogue,
    search,
    getAdminProducts,
    'The products could not be loaded.',
  );
  const { categories } = useAdminCategories();
  const canWrite = roleCan(me.role, 'catalogue.write');
  const pages = answer ? pageCount(answer.count, answer.page_size) : 1;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        {canWrite && (
          <a href={adminRoutes.adminNewProduct} className={buttonClass()}>
            Add product
          </a>
        )}
        <ExportButton />
        {canWrite && (
          <a href={adminRoutes.adminImport} className={buttonClass({ variant: 'secondary' })}>
            Import CSV
          </a>
        )}
        <a href={adminRoutes.adminCategories} className={buttonClass({ variant: 'secondary' })}>
          Categories and banners
        </a>
      </div>
      <ProductFilterForm
        key={searchOf(PRODUCT_LIST, { ...filters, page: 1 })}
        filters={filters}
        categories={categories ?? []}
        onApply={go}
      />
      <p role="status" className="text-sm text-muted">
        {loading ? 'Loading products…' : answer && `${answer.count} product${answer.count === 1 ? '' : 's'} match.`}
      </p>
      {error && <LoadFailed message={error} onRetry={retry} />}
      {answer && !error && (
        <div aria-busy={loading} className={loading ? 'opacity-60' : undefined}>
          <ProductRows answer={answer} />
        </div>
      )}
      {answer && pages > 1 && (
        <Pager page={answer.page} pages={pages} onPage={(page) => go({ ...filters, page })} label="Product pages" />
      )}
    </div>
  );
}

/** /admin/catalogue: the products, searched, filtered, sorted and paged by the server (catalogue.read). */
export function ProductsPage({ search }: { search: string }) {
  return (
    <AdminShell section="catalogue" permission="catalogue.read" title="Catalogue">
      {(me) => <ProductTable search={search} me={me} />}
    </AdminShell>
  );
}
