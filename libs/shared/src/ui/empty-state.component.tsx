import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** What a list shows when it has nothing to show, and what to do about it. */
export function EmptyState({ text, children }: { text: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.text}>{text}</p>
      {children}
    </div>
  );
}
