import type { ReactNode } from 'react';
import styles from './definition-list.module.css';

export interface DefinitionItem {
  term: ReactNode;
  description: ReactNode;
}

/** Label/value pairs of a record ('Edad: 21 años'), as a description list. */
export function DefinitionList({ items }: { items: readonly DefinitionItem[] }) {
  return (
    <dl className={styles.list}>
      {items.map((item, index) => (
        <div key={index} className={styles.item}>
          <dt className={styles.term}>{item.term}</dt>
          <dd className={styles.description}>{item.description}</dd>
        </div>
      ))}
    </dl>
  );
}
