import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@psicocampus/shared';
import { EmptyState, LoadingMessage, Notice, SectionCard } from '@psicocampus/shared/ui';
import type { ListState } from '../../lib/list-state';
import styles from './psychologist-home.module.css';

interface Props {
  title: string;
  state: ListState;
  errorText: string;
  emptyText: string;
  /** How many there are in all ('91 notas sin firmar'), above the first rows. */
  summary?: string;
  /** The whole list, beside the count, when the card shows only its first rows. */
  more?: { to: string; label: string };
  /** 'head': the count and the link beside the title, for a card as wide as the page. */
  metaPlacement?: 'head' | 'body';
  className?: string;
  children: ReactNode;
}

/**
 * A list of the home (docs/screens-and-routes.md#psychologist-home): a count and short rows, the rest a link
 * away, so that the home fits one screen however long the lists grow.
 */
export function HomeCard({
  title,
  state,
  errorText,
  emptyText,
  summary,
  more,
  metaPlacement = 'body',
  className,
  children,
}: Props) {
  const meta = state === 'ready' && (summary || more) && (
    <div className={styles.meta}>
      {summary && <p className={styles.summary}>{summary}</p>}
      {more && (
        <Link className={styles.more} to={more.to}>
          {more.label}
        </Link>
      )}
    </div>
  );
  return (
    <SectionCard
      title={title}
      className={[styles.card, className].filter(Boolean).join(' ')}
      actions={metaPlacement === 'head' ? meta || undefined : undefined}
    >
      {state === 'loading' && <LoadingMessage text={MSG.common.loading} />}
      {state === 'error' && <Notice tone="error">{errorText}</Notice>}
      {state === 'empty' && <EmptyState text={emptyText} />}
      {state === 'ready' && (
        <>
          {metaPlacement === 'body' && meta}
          {children}
        </>
      )}
    </SectionCard>
  );
}
