import { MSG } from '@psicocampus/shared/domain';
import styles from './caps-lock-warning.module.css';

/**
 * The "Bloq Mayús está activado." line under a field that warns about Caps
 * Lock (useCapsLock). Its line is kept, empty, while Caps Lock is off, so it
 * appearing moves nothing below it (no layout shift under
 * the pointer); it is a live region from the start, so it is announced when it fills.
 */
export function CapsLockWarning({ id, on }: { id: string; on: boolean }) {
  return (
    <p className={styles.line} id={id} role="status">
      {on ? `⇪ ${MSG.auth.capsLock}` : null}
    </p>
  );
}
