/**
 * The classes of the shop's buttons (and of links drawn as buttons), for the React islands
 * (src/ui/Button.tsx) and the static .astro components alike, so a button looks the same wherever
 * it is written. Each variant and size gives exactly the classes the shop's buttons have always
 * had: the page colours pass axe's contrast check as they are.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'inverse';

/** Padding (and text size) steps, from a table row's Remove to a page's call to action. */
export type ButtonSize = 'xs' | 'sm' | 'card' | 'md' | 'wide' | 'load' | 'lg' | 'xl';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-slate-300 hover:bg-slate-50',
  outline: 'border-brand-700 text-brand-800 hover:bg-brand-50',
  danger: 'border border-red-300 text-red-700 hover:bg-red-50',
  /** On a dark brand panel. */
  inverse: 'bg-white text-brand-800 hover:bg-brand-50',
};

const SIZES: Record<ButtonSize, string> = {
  xs: 'px-3 py-1 text-sm',
  sm: 'px-3 py-1.5',
  card: 'px-3 py-2 text-sm',
  md: 'px-4 py-2',
  wide: 'px-5 py-2',
  load: 'px-6 py-2',
  lg: 'px-6 py-2.5',
  xl: 'px-6 py-3',
};

export interface ButtonLook {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /** Fills its row (the account forms' submit buttons), a little shorter sideways. */
  block?: boolean | undefined;
  /** Layout classes of this one place (margins, alignment, grid placement). */
  className?: string | undefined;
}

/** The class attribute of a button or of a link that looks like one. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  block = false,
  className = '',
}: ButtonLook = {}): string {
  // Table rows' small buttons have the tighter corner; the small outline (a row's 'Write a
  // review') keeps the larger one and a thinner border than the big outlined buttons.
  const radius = size === 'xs' && variant !== 'outline' ? 'rounded' : 'rounded-lg';
  const border = variant === 'outline' ? (size === 'xs' ? 'border' : 'border-2') : '';
  const padding = block ? 'w-full px-4 py-2.5' : SIZES[size];
  return [
    className,
    radius,
    border,
    VARIANTS[variant],
    padding,
    'font-semibold',
    'disabled:cursor-not-allowed disabled:opacity-60',
  ]
    .filter(Boolean)
    .join(' ');
}
