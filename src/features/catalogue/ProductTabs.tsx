import { useState } from 'react';
import type { Product } from '../../../contract/types';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { ProductReviews, useProductReviews } from '../reviews/ProductReviews';
import { useLoadedProduct } from './loaded-product';

/** What the tabs show of a product: its island's props, apart from the rest of the product. */
export type TabsProduct = Pick<
  Product,
  'id' | 'description' | 'weight' | 'length' | 'width' | 'height' | 'category_name' | 'sub_category_name'
> & {
  /** Reviews counted when the page was built (the product's `rating_count`). */
  reviewCount: number;
};

/** The part of `product` the tabs need. */
export function tabsProduct(product: Product): TabsProduct {
  const { id, description, weight, length, width, height, category_name, sub_category_name } = product;
  return {
    id,
    description,
    weight,
    length,
    width,
    height,
    category_name,
    sub_category_name,
    reviewCount: product.rating_count,
  };
}

const TABS = [
  { value: 1, label: 'Description' },
  { value: 3, label: 'Review' },
] as const;

/**
 * The product page's Description and Review tabs (arrow keys move between them): an island of its
 * own, hydrated when the shopper reaches for it, when it loads the live reviews; until then the
 * Review tab counts the reviews the page was built with. On the fallback page (`product` null) it
 * shows once the product has been read.
 */
function ProductTabsView({ product: built }: { product: TabsProduct | null }) {
  const loaded = useLoadedProduct();
  const product = built ?? (loaded && tabsProduct(loaded));
  return product && <Tabs product={product} />;
}

function Tabs({ product }: { product: TabsProduct }) {
  const [tab, setTab] = useState<1 | 3>(1);
  const reviews = useProductReviews(product.id);
  // Reviews written since the page was built count too, once the live list has arrived.
  const reviewCount = reviews.list?.length ?? product.reviewCount;
  return (
    <section className="md:col-span-2" aria-label="Product information">
      <div role="tablist" aria-label="Product information" className="flex gap-2 border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`tab-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls={`panel-${t.value}`}
            tabIndex={tab === t.value ? 0 : -1}
            className={`-mb-px border-b-2 px-4 py-2 font-semibold ${tab === t.value ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted'}`}
            onClick={() => setTab(t.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = tab === 1 ? 3 : 1;
                setTab(next);
                document.getElementById(`tab-${next}`)?.focus();
              }
            }}
          >
            {t.label}
            {t.value === 3 && (
              <span className="ml-2 rounded-full bg-brand-100 px-2 text-xs text-brand-800">{reviewCount}</span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0} className="py-6">
        {tab === 1 ? (
          <ProductDescription product={product} />
        ) : (
          <ProductReviews reviews={reviews.list} failed={reviews.failed} />
        )}
      </div>
    </section>
  );
}

export const ProductTabs = withErrorBoundary(ProductTabsView);

/** True when all three sides are given: a product without them (they are optional) shows no '0 × 0 × 0 cm'. */
export function hasDimensions(product: Pick<TabsProduct, 'length' | 'width' | 'height'>): boolean {
  return product.length > 0 && product.width > 0 && product.height > 0;
}

function ProductDescription({ product }: { product: TabsProduct }) {
  if (!product.description) return <p>No description available for this product.</p>;
  return (
    <div className="max-w-3xl space-y-3">
      <p className="whitespace-pre-line">{product.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {product.weight > 0 && (
          <>
            <dt className="font-semibold">Shipping weight</dt>
            <dd>{product.weight} g</dd>
          </>
        )}
        {hasDimensions(product) && (
          <>
            <dt className="font-semibold">Dimensions</dt>
            <dd>
              {product.length} × {product.width} × {product.height} cm
            </dd>
          </>
        )}
        <dt className="font-semibold">Category</dt>
        <dd>
          {product.category_name} › {product.sub_category_name}
        </dd>
      </dl>
    </div>
  );
}
