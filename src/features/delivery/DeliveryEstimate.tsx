import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { useLoadedProduct } from '../catalogue/loaded-product';
import { DeliveryCheck } from './DeliveryCheck';

/**
 * The product page's delivery box: free delivery, returns, and the pincode check. An island of its
 * own, hydrated when the shopper reaches for it (or at once for a shopper with a pincode remembered),
 * so its code is not part of every product page's first load. On the fallback page (`forLoaded`) it
 * shows once the product has been read.
 */
function DeliveryEstimateView({ forLoaded = false }: { forLoaded?: boolean }) {
  const loaded = useLoadedProduct();
  if (forLoaded && !loaded) return null;
  return (
    <div className="self-start rounded-lg bg-brand-50 p-4 text-sm md:col-start-2">
      <p className="font-semibold tracking-wide">DELIVERY ESTIMATE</p>
      <p className="mt-1 text-muted">Free delivery. Easy returns within 30 days.</p>
      <DeliveryCheck />
    </div>
  );
}

export const DeliveryEstimate = withErrorBoundary(DeliveryEstimateView);
