import { ADD_TO_CART_QUANTITY } from '../../../contract/shop';
import { formatQuantity } from '../../../contract/format';
import type { Product, Variant } from '../../../contract/types';
import { isSizedUnit } from '../../../contract/variants';
import { shopperMessage } from '../../lib/api/error-message';
import { DURATIONS } from '../../lib/constants';
import { loginHref } from '../../lib/navigation';
import * as routes from '../../lib/routes';
import { $isLoggedIn } from '../../lib/stores/session';
import { showDialog, showToast } from '../../lib/stores/ui';
import { addVariantToCart } from '../cart/cart-store';
import { setBuyNow } from '../checkout/checkout-lines';
import { variantStock, type StockByVariant } from './stock';

/**
 * What the product page's Add Cart and Buy Now do with the chosen variant: ask a visitor to log
 * in, ask for a variant when none is chosen, refuse one sold out, then add it to the cart or go
 * to the checkout with it alone.
 */
export function buyActions(
  product: Product,
  chosenId: number | null,
  stock: StockByVariant | null,
  /** Asks for a size beside the size row (scrolled to and focused); false when the page has none. */
  askForSize?: (text: string) => boolean,
) {
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
    if (!chosen) {
      if (!askForSize?.(noVariantText)) {
        showDialog({ title: noVariantText, text: 'Choose a variant above first.', icon: 'warning' });
      }
    }
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

  return { addCart, buyNow };
}
