import { useEffect, useState } from 'react';
import { getProduct } from '../../lib/api/catalogue';
import { shopperMessage } from '../../lib/api/error-message';
import { setBuyNow } from '../checkout/checkout-lines';
import { DURATIONS } from '../../lib/constants';
import { ADD_TO_CART_QUANTITY } from '../../../contract/shop';
import type { Product, Variant } from '../../../contract/types';
import { formatQuantity, formatRating, formatRupees } from '../../../contract/format';
import { starFill } from './rating';
import * as routes from '../../lib/routes';
import { loginHref } from '../../lib/navigation';
import { addVariantToCart } from '../cart/cart-store';
import { $isLoggedIn } from '../../lib/stores/session';
import { startShopperState } from '../../lib/stores/shopper';
import { showDialog, showToast } from '../../lib/stores/ui';
import { isSizedUnit } from '../../../contract/variants';
import { preselectedVariant, shownVariant, variantForColour } from './variant-choices';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { ProductGallery } from './ProductGallery';
import { ProductReviews, useProductReviews } from '../reviews/ProductReviews';
import { VariantPicker } from './VariantPicker';
import { Button } from '../../ui/Button';
import { DeliveryCheck } from '../delivery/DeliveryCheck';
import { useStock, variantStock } from './stock';

const TABS = [
  { value: 1, label: 'Description' },
  { value: 3, label: 'Review' },
] as const;

function ProductDetailView({ product: initial }: { product: Product | null }) {
  const [product, setProduct] = useState<Product | null>(initial);
  const [missing, setMissing] = useState(false);
  const [chosenId, setChosenId] = useState<number | null>(initial ? (preselectedVariant(initial)?.id ?? null) : null);
  const [imageKey, setImageKey] = useState(0);
  const [tab, setTab] = useState<1 | 3>(1);
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
  /** The chosen variant when the shopper may go on: logged in and a variant chosen. */
  const ready = (noVariantText: string): Variant | null => {
    if (!$isLoggedIn.get()) {
      showDialog({
        title: 'Please login to continue',
        text: 'Log in to buy or add products to your cart.',
        icon: 'info',
        action: { label: 'Go to Login', href: loginHref() },
      });
      return null;
    }
    const chosen = product.variants.find((v) => v.id === chosenId);
    if (!chosen) showDialog({ title: noVariantText, text: 'Choose a variant above first.', icon: 'warning' });
    // A press kept from before the page was ready may come for a variant that has sold out.
    else if (variantStock(stock, chosen.id).soldOut) {
      showDialog({ title: 'Out of stock', text: 'Sorry, this product is out of stock.', icon: 'info' });
      return null;
    }
    return chosen ?? null;
  };
  const addCart = async () => {
    const chosen = ready('Please select a size or variant');
    if (!chosen) return;
    try {
      if ((await addVariantToCart(chosen.id)) === 'already') {
        showDialog({ title: 'Already in Cart', text: 'This product is already in your cart.', icon: 'info' });
      } else {
        showToast('Added to Cart!', 'success', DURATIONS.toastCart);
      }
    } catch (error) {
      showDialog({
        title: 'Failed',
        text: shopperMessage(error, { refused: 'Unable to add product to cart.' }),
        icon: 'error',
      });
    }
  };
  const buyNow = () => {
    const chosen = ready('No variant selected');
    if (!chosen) return;
    setBuyNow({
      variant_id: chosen.id,
      product_id: product.id,
      name: product.name,
      image: chosen.images[0]?.image ?? null,
      size: chosen.size ?? (isSizedUnit(chosen.unit) ? null : formatQuantity(chosen.unit_value, chosen.unit)),
      color: chosen.color,
      quantity: ADD_TO_CART_QUANTITY,
      price: chosen.price,
      final_price: chosen.final_price,
    });
    window.location.assign(routes.buyNowCheckout);
  };

  return (
    <article className="grid gap-8 md:grid-cols-2">
      <ProductGallery key={`${shown?.id}-${imageKey}`} images={shown?.images ?? []} name={product.name} />
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          Product code: <span className="font-mono">{shown?.sku}</span>
        </p>
        <h1 className="text-2xl font-bold md:text-3xl">{product.name}</h1>
        {shown && (
          <>
            <p className="flex items-center gap-2 text-sm">
              <span className="sr-only">Rated {formatRating(shown.average_rating)} out of 5</span>
              <span className="relative inline-block leading-none text-slate-300" aria-hidden="true">
                ★★★★★
                <span
                  className="absolute inset-0 overflow-hidden whitespace-nowrap text-amber-500"
                  style={{ width: `${starFill(shown.average_rating)}%` }}
                >
                  ★★★★★
                </span>
              </span>
              <span className="text-muted" aria-hidden="true">
                {formatRating(shown.average_rating)} ({shown.rating_count})
              </span>
            </p>
            <p className="flex flex-wrap items-baseline gap-3" data-testid="product-price">
              <span className="text-3xl font-bold text-brand-800">{formatRupees(shown.final_price)}</span>
              {shown.discount_percent > 0 && (
                <>
                  <s className="text-lg text-muted">{formatRupees(shown.price)}</s>
                  <span className="font-semibold text-sale">{shown.discount_percent}% Off</span>
                </>
              )}
            </p>
            {shownStock.badge && (
              <p
                className={`text-sm font-semibold ${shownStock.soldOut ? 'text-red-700' : 'text-amber-800'}`}
                data-testid="product-stock"
              >
                {shownStock.badge}
              </p>
            )}
          </>
        )}
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
    </article>
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

/** Product detail: gallery, prices, variant choice, actions and the Description/Review tabs. */
export const ProductDetail = withErrorBoundary(ProductDetailView);
