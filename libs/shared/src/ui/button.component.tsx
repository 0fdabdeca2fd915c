import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'danger' | 'link';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

/**
 * The button's look, for a link that leads where a button would act
 * ('Ver pacientes', 'Editar plan de seguridad'): the same shape, colours
 * and focus ring.
 */
export function buttonClassName(variant: Variant = 'primary', className?: string): string {
  return [styles.button, styles[variant], className].filter(Boolean).join(' ');
}

/** The product's button; `type` defaults to "button" so no form submits by accident. */
export function Button({ variant = 'primary', className, type = 'button', ...rest }: Props) {
  return <button type={type} className={buttonClassName(variant, className)} {...rest} />;
}
