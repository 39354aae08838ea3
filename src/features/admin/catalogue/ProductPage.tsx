import { useEffect, useState } from 'react';
import type { AdminProduct } from '../../../../contract/api/admin-catalogue';
import type { StaffMe } from '../../../../contract/api/staff';
import { ROLE_CANNOT, roleCan } from '../../../../contract/staff';
import { AdminShell } from '../AdminShell';
import { ReadOnlyNote } from '../ReadOnlyNote';
import { confirmLeave } from '../unsaved-changes';
import { adminMessage } from '../admin-messages';
import * as adminRoutes from '../admin-routes';
import { getAdminProduct } from './catalogue-api';
import { LoadFailed } from '../desk-ui';
import { NewProductForm } from './NewProductForm';
import { ProductEditor } from './ProductEditor';
import { useAdminCategories } from './use-admin-categories';

function ProductDetail({
  id,
  isNew,
  me,
  onCreated,
}: {
  id: number | null;
  isNew: boolean;
  me: StaffMe;
  onCreated: (id: number) => void;
}) {
  const [product, setProduct] = useState<AdminProduct | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const { categories, error: categoriesError, reload } = useAdminCategories();
  const readOnly = !roleCan(me.role, 'catalogue.write');

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    getAdminProduct(id, controller.signal)
      .then((p) => {
        setProduct(p);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(adminMessage(e, 'The product could not be loaded.'));
      });
    return () => controller.abort();
  }, [id, attempt]);

  if (categoriesError) return <LoadFailed message={categoriesError} onRetry={reload} />;
  if (error) return <LoadFailed message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!categories) return <p role="status">Loading the categories…</p>;
  if (product) {
    return (
      <div className="space-y-3">
        <p className="text-lg font-semibold break-words" data-testid="product-title">
          {product.name} <span className="font-normal text-muted">#{product.id}</span>
        </p>
        {readOnly && <ReadOnlyNote permission="catalogue.write" />}
        <ProductEditor product={product} categories={categories} readOnly={readOnly} onProduct={setProduct} />
      </div>
    );
  }
  if (id !== null) return <p role="status">Loading the product…</p>;
  if (!isNew) {
    return (
      <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
        No product is named here. Open a product from the{' '}
        <a href={adminRoutes.adminCatalogue} className="font-semibold underline">
          catalogue
        </a>
        .
      </p>
    );
  }
  if (readOnly) return <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">Adding products: {ROLE_CANNOT}</p>;
  return (
    <NewProductForm
      categories={categories}
      onCreated={(created) => {
        // The new product's own address, so a reload or a shared link opens it.
        window.history.replaceState(null, '', adminRoutes.adminProduct(created.id));
        setProduct(created);
        onCreated(created.id);
      }}
    />
  );
}

/** /admin/product?id=42 (a product, read only for roles that may not change the catalogue) and /admin/product?new=1. */
export function ProductPage({ id, isNew }: { id: number | null; isNew: boolean }) {
  const [createdId, setCreatedId] = useState<number | null>(null);
  const shownId = id ?? createdId;
  return (
    <AdminShell
      section="catalogue"
      permission="catalogue.read"
      title={shownId ? `Product #${shownId}` : isNew ? 'New product' : 'Product'}
    >
      {(me) => (
        <div className="space-y-3">
          <a
            href={adminRoutes.adminCatalogue}
            onClick={confirmLeave}
            className="font-semibold text-brand-800 underline"
          >
            Back to the catalogue
          </a>
          <ProductDetail id={id} isNew={isNew} me={me} onCreated={setCreatedId} />
        </div>
      )}
    </AdminShell>
  );
}
