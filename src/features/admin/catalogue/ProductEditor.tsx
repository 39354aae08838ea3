import type { FormEvent } from 'react';
import type { AdminCategory, AdminProduct } from '../../../../contract/api/admin-catalogue';
import * as routes from '../../../lib/routes';
import { Button } from '../../../ui/Button';
import { DeskNotice } from '../DeskNotice';
import { AddVariantForm } from './AddVariantForm';
import { ProductFields } from './ProductFields';
import { NO_STOCK_CHANGE, variantValues, type FieldErrors } from './product-form';
import { useProductDraft } from './use-product-draft';
import { VariantCard } from './VariantCard';

/** The errors under `prefix`, by the field's own name. */
function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([key, message]) =>
      key.startsWith(prefix) ? [[key.slice(prefix.length), message]] : [],
    ),
  );
}

/**
 * An existing product: its own fields, each variant's fields and stock change, all kept by one
 * Save (one transaction: all or nothing); a new variant and pictures are added on their own.
 */
export function ProductEditor({
  product,
  categories,
  readOnly,
  onProduct,
}: {
  product: AdminProduct;
  categories: readonly AdminCategory[];
  readOnly: boolean;
  onProduct: (product: AdminProduct) => void;
}) {
  const page = useProductDraft(product, onProduct);
  const { draft, edit, errors } = page;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void page.save();
  };

  return (
    <div className="space-y-4">
      <p className="text-sm">
        <strong data-testid="product-shown">{product.shown ? 'Shown on the shop' : 'Not shown on the shop'}</strong>
        {product.shown && (
          <>
            {' · '}
            <a href={routes.product(product.id)} className="font-semibold text-brand-800 underline">
              Its page on the shop
            </a>
          </>
        )}
      </p>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Product"
        className="space-y-3 rounded-lg border border-slate-300 bg-white p-4"
      >
        <h2 className="text-lg font-bold">Product</h2>
        <fieldset disabled={readOnly} className="min-w-0">
          <legend className="sr-only">Fields of {product.name}</legend>
          <ProductFields
            values={draft.product}
            errors={errorsUnder(errors, 'product.')}
            categories={categories}
            onChange={(next) => edit((d) => ({ ...d, product: { ...d.product, ...next } }))}
          />
        </fieldset>
      </form>
      <h2 className="text-lg font-bold">Variants ({product.variants.length})</h2>
      {product.variants.map((variant, i) => (
        <VariantCard
          key={variant.id}
          variant={variant}
          values={draft.variants[variant.id] ?? variantValues(variant)}
          stock={draft.stocks[variant.id] ?? NO_STOCK_CHANGE}
          errors={errors}
          prefix={`variants.${i}.`}
          readOnly={readOnly}
          onValues={(next) =>
            edit((d) => ({
              ...d,
              variants: {
                ...d.variants,
                [variant.id]: { ...(d.variants[variant.id] ?? variantValues(variant)), ...next },
              },
            }))
          }
          onStock={(next) =>
            edit((d) => ({
              ...d,
              stocks: { ...d.stocks, [variant.id]: { ...(d.stocks[variant.id] ?? NO_STOCK_CHANGE), ...next } },
            }))
          }
          onProduct={onProduct}
        />
      ))}
      {!readOnly && (
        <section
          aria-label="Save the product"
          className="sticky bottom-0 z-10 space-y-2 rounded-lg border border-slate-300 bg-white p-3 shadow-md"
        >
          <div className="flex flex-wrap items-center gap-2">
            <Button disabled={page.busy} onClick={() => void page.save()}>
              {page.busy ? 'Saving…' : 'Save'}
            </Button>
            {page.stale && (
              <Button variant="secondary" disabled={page.busy} onClick={() => void page.reload()}>
                Reload
              </Button>
            )}
            <span className="text-sm text-muted" data-testid="save-state">
              {page.dirty ? 'Changes not saved yet.' : 'Everything is saved.'}
            </span>
          </div>
          <DeskNotice message={page.notice.text} kind={page.notice.kind} />
        </section>
      )}
      {!readOnly && <AddVariantForm product={product} onProduct={onProduct} />}
    </div>
  );
}
