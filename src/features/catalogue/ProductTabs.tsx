import { useState } from 'react';
import type { Product, Review } from '../../../contract/types';
import { ProductReviews } from '../reviews/ProductReviews';

const TABS = [
  { value: 1, label: 'Description' },
  { value: 3, label: 'Review' },
] as const;

/** The product page's Description and Review tabs (arrow keys move between them). */
export function ProductTabs({
  product,
  reviews,
  reviewCount,
}: {
  product: Product;
  reviews: { list: Review[] | null; failed: boolean };
  reviewCount: number;
}) {
  const [tab, setTab] = useState<1 | 3>(1);
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

function ProductDescription({ product }: { product: Product }) {
  if (!product.description) return <p>No description available for this product.</p>;
  return (
    <div className="max-w-3xl space-y-3">
      <p className="whitespace-pre-line">{product.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-semibold">Shipping weight</dt>
        <dd>{product.weight} g</dd>
        <dt className="font-semibold">Dimensions</dt>
        <dd>
          {product.length} × {product.width} × {product.height} cm
        </dd>
        <dt className="font-semibold">Category</dt>
        <dd>
          {product.category_name} › {product.sub_category_name}
        </dd>
      </dl>
    </div>
  );
}
