import { formatDateTimeIn, fullName, MSG, useStudentHistoryQuery } from '@psicocampus/shared';
import { FOLLOW_UP_MSG } from '@psicocampus/shared/follow-up';
import { EmptyState, LoadingMessage, Notice, SectionCard } from '@psicocampus/shared/ui';
import { useServiceTimeZone } from '../../../lib/service-clock';
import styles from '../student-detail.module.css';

/**
 * "Historial de cambios" (issue 19 §5): the student's clinician's levels,
 * safety-plan revisions, signatures and addenda, newest first, each with
 * when and by whom; what was written stays in its own block.
 */
export function StudentHistory({ studentId }: { studentId: string }) {
  const history = useStudentHistoryQuery(studentId);
  const { zone } = useServiceTimeZone();
  const events = history.data?.events ?? [];
  return (
    <SectionCard title={FOLLOW_UP_MSG.historyTitle}>
      {history.isLoading && <LoadingMessage text={MSG.common.loading} />}
      {history.isError && <Notice tone="error">{FOLLOW_UP_MSG.historyError}</Notice>}
      {history.data &&
        (events.length === 0 ? (
          <EmptyState text={FOLLOW_UP_MSG.historyEmpty} />
        ) : (
          <ol className={styles.history}>
            {events.map((event, index) => (
              <li key={`${event.at}-${index}`} className={styles.historyEvent}>
                <time dateTime={event.at}>{formatDateTimeIn(event.at, zone)}</time>{' '}
                <span>{event.label}</span>{' '}
                <span className={styles.historyBy}>
                  {FOLLOW_UP_MSG.historyBy(
                    event.by ? fullName(event.by) : FOLLOW_UP_MSG.historyUnknownAuthor,
                  )}
                </span>
              </li>
            ))}
          </ol>
        ))}
    </SectionCard>
  );
}
