import { useId, type ReactNode } from 'react';
import { MSG } from '@psicocampus/shared';
import styles from './embed.module.css';

/**
 * The embed's own frame: the title the shell's modal would show, and the
 * base typography the shell's global styles give elsewhere, scoped to this
 * element so nothing leaks into the host page.
 */
export function EmbedFrame({ children }: { children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.embed} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {MSG.assessment.title}
      </h2>
      {children}
    </section>
  );
}
