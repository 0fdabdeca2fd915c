import type { ReactNode } from 'react';
import styles from './page-header.module.css';

interface Props {
  /** The page's one h1. */
  title: ReactNode;
  /** A line under the title (a count, a date). */
  subtitle?: ReactNode;
  /** Shown above the title: usually a BackLink. */
  before?: ReactNode;
  /** Buttons on the right (they wrap under the title on narrow screens). */
  actions?: ReactNode;
}

/** The top of a screen: where it is, its title, and its main actions. */
export function PageHeader({ title, subtitle, before, actions }: Props) {
  return (
    <header className={styles.header}>
      {before && <div className={styles.before}>{before}</div>}
      <div className={styles.row}>
        <div className={styles.titles}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
}
