import { useId, type ReactNode, type Ref } from 'react';
import styles from './section-card.module.css';

interface Props {
  title: ReactNode;
  children: ReactNode;
  /** The heading's level under the page's h1 (2 by default). */
  level?: 2 | 3;
  /** An anchor for links such as '#notas'. */
  id?: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  /** The heading element, to move focus to the section. */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
}

/** The card's look, for a block that draws its own heading (a chart's card). */
export const sectionCardClassName: string = styles.card;

/** A titled block of a screen, named by its heading for assistive technology. */
export function SectionCard({
  title,
  children,
  level = 2,
  id,
  actions,
  headingRef,
  className,
}: Props) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      id={id}
      className={[styles.card, className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      <div className={styles.head}>
        <Heading id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {title}
        </Heading>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
