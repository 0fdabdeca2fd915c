import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text for assistive technology only (e.g. which patient a row's 'Editar' is for). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
