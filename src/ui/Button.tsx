import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonLook } from './button-class';

/** A real button in one of the shop's looks; `type` defaults to 'button' (never a stray submit). */
export function Button({
  variant,
  size,
  block,
  className,
  type = 'button',
  ...props
}: ButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'>) {
  return <button type={type} className={buttonClass({ variant, size, block, className })} {...props} />;
}
