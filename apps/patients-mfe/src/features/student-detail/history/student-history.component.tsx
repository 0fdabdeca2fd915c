import { formatDateTimeIn, fullName, MSG, useStudentHistoryQuery } from '@psicocampus/shared';
import { FOLLOW_UP_MSG, HISTORY_PAGE_SIZE } from '@psicocampus/shared/follow-up';
import { SectionCard, useLastPageWhenPast, usePageParam } from '@psicocampus/shared/ui';
import { PagedList } from '../../../components/paged-list/paged-list.component';
import { HISTORY_PAGE_PARAM } from '../../../lib/anchors';
import { listState } from '../../../lib/list-state';
import { useServiceTimeZone } from '../../../lib/service-clock';
import styles from '../student-detail.module.css';

/**
 * "Historial de cambios": the student's clinician's levels,
 * safety-plan revisions, signatures and addenda, newest first, each with
 * when and by whom; what was written stays in its own block. A student
 * followed for years has a long record: a page at a time with its total
 * (docs/api.md#paged-lists), the page in the address (`?cambios=2`).
 */
export function StudentHistory({ studentId }: { studentId: string }) {
  const [page, setPage] = usePageParam(HISTORY_PAGE_PARAM);
  const history = useStudentHistoryQuery({ studentId, page, pageSize: HISTORY_PAGE_SIZE });
  // An old address can name a page past the last.
  useLastPageWhenPast(page, setPage, history.data);
  const { zone } = useServiceTimeZone();
  const events = history.data?.events ?? [];
  return (
    <SectionCard title={FOLLOW_UP_MSG.historyTitle}>
      <PagedList
        state={listState(history, events.length)}
        loadingText={MSG.common.loading}
        errorText={FOLLOW_UP_MSG.historyError}
        emptyText={FOLLOW_UP_MSG.historyEmpty}
        page={history.data}
        onPageChange={setPage}
        label={FOLLOW_UP_MSG.historyPagesLabel}
        totalText={FOLLOW_UP_MSG.historyTotal}
      >
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
      </PagedList>
    </SectionCard>
  );
}
