import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** The same keeping out of sight, for an element that is not a span (a table). */
export const visuallyHiddenClassName: string = styles.hidden;

/** Text for assistive technology only (e.g. which patient a row's 'Editar' is for). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
