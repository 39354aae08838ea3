import { formatRupees } from '../../contract/format';
import { variantLabel } from '../../contract/variants';
import { Button } from './Button';
import { Picture } from './Picture';

/** What lists of items draw with: a line's picture, its size and colour, its summary, its Delete. */

/** A Delete button whose accessible name says what goes ('Delete Steel Kadai'). */
export function DeleteButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <Button variant="danger" size="xs" onClick={onClick}>
      Delete<span className="sr-only"> {what}</span>
    </Button>
  );
}

/** How many lines of a list a phone's first screen shows: their pictures load with the page, the rest when scrolled near. */
export const FIRST_SCREEN_LINES = 3;

/** A product's small picture in tables and lists (placeholder when it has none). */
export function Thumb({
  src,
  size = 64,
  loading = 'lazy',
}: {
  src: string | null | undefined;
  size?: 56 | 64;
  loading?: 'lazy' | 'eager';
}) {
  return (
    <Picture
      url={src ?? '/images/placeholder-product.svg'}
      alt=""
      sizes={`${size}px`}
      width={size}
      height={size}
      loading={loading}
      class={`${size === 64 ? 'h-16 w-16' : 'h-14 w-14'} rounded bg-slate-50 object-contain`}
    />
  );
}

/** An item's size and colour under its name ('Size: M · Colour: Blue'); nothing when it has neither. */
export function VariantLine({
  variant,
  testId,
}: {
  variant: { size?: string | null; color?: string | null };
  testId: string;
}) {
  const label = variantLabel(variant);
  return label ? (
    <p className="text-muted" data-testid={testId}>
      {label}
    </p>
  ) : null;
}

/** An item in a list to order or of an order: its picture, name, size/colour, quantity and price. */
export function ItemSummary({
  image,
  name,
  variant,
  quantity,
  price,
  testId,
  thumbSize = 64,
}: {
  image: string | null | undefined;
  name: string;
  variant: { size?: string | null; color?: string | null };
  quantity: number;
  price: number;
  testId: string;
  thumbSize?: 56 | 64;
}) {
  return (
    <>
      <Thumb src={image} size={thumbSize} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold break-words">{name}</p>
        <VariantLine variant={variant} testId={testId} />
        <p className="text-muted">
          Qty {quantity} · {formatRupees(price)}
        </p>
      </div>
    </>
  );
}
