import { useEffect, useRef, useState } from 'react';
import type { Product, Variant } from '../../../contract/types';
import { startShopperState } from '../../lib/stores/shopper';
import { preselectedVariant, shownVariant, variantForColour } from './variant-choices';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { ProductGallery } from './ProductGallery';
import { VariantPicker } from './VariantPicker';
import { ProductSummary } from './ProductSummary';
import { buyActions } from './buy-actions';
import { Button } from '../../ui/Button';
import { useStock, variantStock } from './stock';

/** Gallery, prices, variant choice and actions of `product`, with its live stock. */
export function ProductDetailView({ product }: { product: Product }) {
  const [chosenId, setChosenId] = useState<number | null>(preselectedVariant(product)?.id ?? null);
  const [imageKey, setImageKey] = useState(0);
  const [sizeAsk, setSizeAsk] = useState<string | null>(null);
  const sizeRow = useRef<HTMLFieldSetElement>(null);
  const stock = useStock([product.id]);

  useEffect(() => startShopperState(), []);

  const shown = shownVariant(product, chosenId);
  const shownStock = variantStock(stock, shown?.id);
  const choose = (v: Variant) => {
    setChosenId(v.id);
    setImageKey((k) => k + 1);
    setSizeAsk(null);
  };
  // Sizes of clothes and shoes are never guessed: a press before a choice takes the shopper to them.
  const askForSize = (text: string) => {
    const row = sizeRow.current;
    if (!row) return false;
    setSizeAsk(text);
    row.scrollIntoView({ block: 'center', behavior: 'smooth' });
    row.focus({ preventScroll: true });
    return true;
  };
  const { addCart, buyNow } = buyActions(product, chosenId, stock, askForSize);

  return (
    <>
      <div className="md:row-span-2">
        <ProductGallery key={`${shown?.id}-${imageKey}`} images={shown?.images ?? []} name={product.name} />
      </div>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          Product code: <span className="font-mono">{shown?.sku}</span>
        </p>
        <h1 className="text-2xl font-bold md:text-3xl">{product.name}</h1>
        {product.brand && (
          <p className="-mt-3 text-sm" data-testid="product-brand">
            Brand: <span className="font-semibold">{product.brand}</span>
          </p>
        )}
        {shown && <ProductSummary rating={product} variant={shown} stock={shownStock} />}
        <VariantPicker
          product={product}
          shown={shown}
          chosenId={chosenId}
          sizeRow={sizeRow}
          sizeAsk={sizeAsk}
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
      </div>
    </>
  );
}

/**
 * Product detail: gallery, prices, variant choice and actions, as two cells of the page's grid
 * (components/product/ProductView.astro); the delivery estimate and the tabs are islands of their own.
 */
export const ProductDetail = withErrorBoundary(ProductDetailView);
