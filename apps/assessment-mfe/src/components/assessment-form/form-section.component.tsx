import { useId, type ReactNode } from 'react';
import styles from './assessment-form.module.css';

/** A headed part of the form ('Ideación Suicida', ...); h3, under the dialog's h2 title. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}
