import { useEffect, useState } from 'react';
import { getProduct } from '../../lib/api/catalogue';
import type { Product, Variant } from '../../../contract/types';
import { startShopperState } from '../../lib/stores/shopper';
import { preselectedVariant, shownVariant, variantForColour } from './variant-choices';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { ProductGallery } from './ProductGallery';
import { useProductReviews } from '../reviews/ProductReviews';
import { VariantPicker } from './VariantPicker';
import { ProductSummary } from './ProductSummary';
import { ProductTabs } from './ProductTabs';
import { buyActions } from './buy-actions';
import { Button } from '../../ui/Button';
import { DeliveryCheck } from '../delivery/DeliveryCheck';
import { useStock, variantStock } from './stock';

function ProductDetailView({ product: initial }: { product: Product | null }) {
  const [product, setProduct] = useState<Product | null>(initial);
  const [missing, setMissing] = useState(false);
  const [chosenId, setChosenId] = useState<number | null>(initial ? (preselectedVariant(initial)?.id ?? null) : null);
  const [imageKey, setImageKey] = useState(0);
  const reviews = useProductReviews(product?.id ?? null);
  const stock = useStock(product ? [product.id] : []);

  useEffect(() => {
    startShopperState();
    if (initial) return;
    // Built before this product existed: read it from the API by the id in the address.
    const id = Number(/\/product-details\/(\d+)/.exec(window.location.pathname)?.[1]);
    getProduct(id)
      .then((p) => {
        if (!p) return setMissing(true);
        setProduct(p);
        setChosenId(preselectedVariant(p)?.id ?? null);
        document.title = `${p.name} | ${document.title}`;
      })
      .catch(() => setMissing(true));
  }, [initial]);

  if (missing) return <p className="py-16 text-center text-lg">No such product.</p>;
  if (!product)
    return (
      <p className="py-16 text-center text-lg" role="status">
        Loading product...
      </p>
    );

  const shown = shownVariant(product, chosenId);
  const shownStock = variantStock(stock, shown?.id);
  // Reviews written since the page was built count too, once the live list has arrived.
  const reviewCount = reviews.list?.length ?? product.variants.reduce((n, v) => n + v.rating_count, 0);
  const choose = (v: Variant) => {
    setChosenId(v.id);
    setImageKey((k) => k + 1);
  };
  const { addCart, buyNow } = buyActions(product, chosenId, stock);

  return (
    <article className="grid gap-8 md:grid-cols-2">
      <ProductGallery key={`${shown?.id}-${imageKey}`} images={shown?.images ?? []} name={product.name} />
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          Product code: <span className="font-mono">{shown?.sku}</span>
        </p>
        <h1 className="text-2xl font-bold md:text-3xl">{product.name}</h1>
        {shown && <ProductSummary variant={shown} stock={shownStock} />}
        <VariantPicker
          product={product}
          shown={shown}
          chosenId={chosenId}
          onChoose={choose}
          onColour={(v) => choose(variantForColour(product, v, shown))}
        />
        <div className="flex flex-wrap gap-3">
          <Button size="xl" onClick={buyNow} disabled={shownStock.soldOut}>
            Buy Now
          </Button>
          <Button variant="outline" size="xl" onClick={() => void addCart()} disabled={shownStock.soldOut}>
            Add Cart
          </Button>
        </div>
        <div className="rounded-lg bg-brand-50 p-4 text-sm">
          <p className="font-semibold tracking-wide">DELIVERY ESTIMATE</p>
          <p className="mt-1 text-muted">Free delivery. Easy returns within 30 days.</p>
          <DeliveryCheck />
        </div>
      </div>
      <ProductTabs product={product} reviews={reviews} reviewCount={reviewCount} />
    </article>
  );
}

/** Product detail: gallery, prices, variant choice, actions and the Description/Review tabs. */
export const ProductDetail = withErrorBoundary(ProductDetailView);
