import { selectSessionEndReason, useAppSelector } from '@psicocampus/shared/core';
import { MSG } from '@psicocampus/shared/domain';
import styles from '../../components/auth.module.css';

/** Says why the previous session ended, when it did not end on purpose or just ended. */
export function SessionNotice() {
  const reason = useAppSelector(selectSessionEndReason);
  if (reason === 'expired') {
    return (
      <p className={`${styles.notice} ${styles.noticeWarning}`} role="alert">
        {MSG.session.expired}
      </p>
    );
  }
  if (reason === 'logout') {
    return (
      <p className={styles.notice} role="status">
        {MSG.auth.sessionNoticeLogout}
      </p>
    );
  }
  return null;
}
