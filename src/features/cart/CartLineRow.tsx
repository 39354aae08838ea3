import { formatPaise, formatRupees } from '../../../contract/format';
import { lineTotalPaise } from '../../../contract/pricing';
import { MAX_LINE_QUANTITY } from '../../../contract/shop';
import { stockShortMessage } from '../../../contract/stock';
import type { CartItem } from '../../../contract/types';
import { variantLabel } from '../../../contract/variants';
import * as routes from '../../lib/routes';
import { DeleteButton, Thumb } from '../../ui/line-items';
import { LineCell, LineRow } from '../../ui/LinesTable';

/** Why the + control stops: the same limit the server keeps. */
const QUANTITY_LIMIT_TEXT = `At most ${MAX_LINE_QUANTITY} of each item`;

/** True when the shop has fewer of a line's variant left than the line holds. */
export function isShort(line: CartItem): boolean {
  return line.available < line.quantity;
}

/** One line of the cart: picture, name, variant, price, the quantity's − and +, total, delete. */
export function CartLineRow({
  line,
  eager,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartItem;
  /** On the first screen: its picture loads at once. */
  eager: boolean;
  /** A change of this line is under way: its quantity waits. */
  busy: boolean;
  onQuantity: (next: number) => void;
  onRemove: () => void;
}) {
  const atMost = line.quantity >= MAX_LINE_QUANTITY;
  const atStock = !atMost && line.quantity >= line.available;
  const limitId = `cart-limit-${line.product_variant_id}`;
  const stockId = `cart-stock-${line.product_variant_id}`;
  return (
    <LineRow>
      <LineCell picture>
        <Thumb src={line.product_image} loading={eager ? 'eager' : 'lazy'} />
      </LineCell>
      <LineCell className="font-semibold">
        {line.product_id ? (
          <a href={routes.product(line.product_id)} className="hover:text-brand-700">
            {line.product_name}
          </a>
        ) : (
          line.product_name
        )}
      </LineCell>
      <LineCell className="text-muted sm:text-inherit">
        <span data-testid="cart-variant">
          {variantLabel({ size: line.size || line.weight, color: line.color }, { missingSize: 'N/A' })}
        </span>
      </LineCell>
      <LineCell phoneLabel="Price">{formatRupees(line.final_price)}</LineCell>
      <LineCell>
        <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${line.product_name}`}>
          <button
            type="button"
            className="h-8 w-8 rounded border border-slate-300 font-bold disabled:opacity-40"
            aria-label="Decrease quantity"
            disabled={line.quantity <= 1 || busy}
            onClick={() => onQuantity(line.quantity - 1)}
          >
            −
          </button>
          <span className="w-6 text-center tabular-nums" data-testid="cart-quantity">
            {line.quantity}
          </span>
          <button
            type="button"
            className="h-8 w-8 rounded border border-slate-300 font-bold disabled:opacity-40"
            aria-label="Increase quantity"
            // The server refuses more than MAX_LINE_QUANTITY of one item; say so before it has to.
            title={atMost ? QUANTITY_LIMIT_TEXT : undefined}
            aria-describedby={atMost ? limitId : isShort(line) ? stockId : undefined}
            disabled={atMost || atStock || busy}
            onClick={() => onQuantity(line.quantity + 1)}
          >
            +
          </button>
        </div>
        {atMost && (
          <p id={limitId} className="mt-1 text-xs text-muted">
            {QUANTITY_LIMIT_TEXT}
          </p>
        )}
        {isShort(line) && (
          <p id={stockId} className="mt-1 max-w-56 text-xs font-semibold text-red-700" data-testid="cart-stock">
            {stockShortMessage(line.product_name, line.available)}
          </p>
        )}
      </LineCell>
      <LineCell phoneLabel="Total" className="font-semibold">
        <span data-testid="cart-line-total">{formatPaise(lineTotalPaise(line))}</span>
      </LineCell>
      <LineCell>
        <DeleteButton what={line.product_name} onClick={onRemove} />
      </LineCell>
    </LineRow>
  );
}
