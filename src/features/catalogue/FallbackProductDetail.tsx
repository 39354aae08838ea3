import { useEffect, useState } from 'react';
import { getProduct } from '../../lib/api/catalogue';
import type { Product } from '../../../contract/types';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { $loadedProduct } from './loaded-product';
import { ProductDetailView } from './ProductDetail';

/**
 * The fallback page's product (one added after the last build): read from the API by the id in
 * the address, then shown as a built page shows it; the page's other islands follow through
 * `$loadedProduct`. Apart from ProductDetail, so built product pages do not load the catalogue's
 * readers.
 */
function FallbackProductDetailView() {
  const [product, setProduct] = useState<Product | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const id = Number(/\/product-details\/(\d+)/.exec(window.location.pathname)?.[1]);
    getProduct(id)
      .then((p) => {
        if (!p) return setMissing(true);
        setProduct(p);
        $loadedProduct.set(p);
        document.title = `${p.name} | ${document.title}`;
      })
      .catch(() => setMissing(true));
  }, []);

  if (missing) return <p className="py-16 text-center text-lg md:col-span-2">No such product.</p>;
  if (!product)
    return (
      <p className="py-16 text-center text-lg md:col-span-2" role="status">
        Loading product...
      </p>
    );
  return <ProductDetailView product={product} />;
}

export const FallbackProductDetail = withErrorBoundary(FallbackProductDetailView);
