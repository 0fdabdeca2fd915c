import type { ReactNode } from 'react';
import styles from './notice.module.css';

type Tone = 'success' | 'error' | 'info' | 'warning';

interface Props {
  tone: Tone;
  children: ReactNode;
  /** Announce it: errors as alerts, the rest politely (default by tone). */
  live?: boolean;
}

/**
 * A message that stays on the screen (an import's result, a load failure),
 * announced to assistive technology when it appears.
 */
export function Notice({ tone, children, live = true }: Props) {
  const role = !live ? undefined : tone === 'error' ? 'alert' : 'status';
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={role}>
      {children}
    </div>
  );
}
