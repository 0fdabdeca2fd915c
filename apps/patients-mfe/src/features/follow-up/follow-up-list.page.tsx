import { MSG } from '@psicocampus/shared';
import { FOLLOW_UP_MSG } from '@psicocampus/shared/follow-up';
import { BackLink, PageHeader } from '@psicocampus/shared/ui';
import { FollowUpRows } from '../../components/follow-up-row/follow-up-row.component';
import { PagedList } from '../../components/paged-list/paged-list.component';
import { useServiceTimeZone } from '../../lib/service-clock';
import { useFollowUpList } from './use-follow-up-list';
import styles from './follow-up-list.module.css';

/**
 * 'follow-up' (docs/screens-and-routes.md#follow-up-list): the whole of "Seguimiento prioritario", by page with
 * its total, each student with every reason and the link that clears it.
 */
export default function FollowUpListPage() {
  const { answer, setPage, state } = useFollowUpList();
  const { zone } = useServiceTimeZone();
  return (
    <div className={styles.page}>
      <PageHeader
        before={<BackLink to=".." relative="path" label={MSG.home.backHome} />}
        title={FOLLOW_UP_MSG.title}
        subtitle={FOLLOW_UP_MSG.intro}
      />
      <PagedList
        state={state}
        loadingText={MSG.common.loading}
        errorText={FOLLOW_UP_MSG.loadError}
        emptyText={FOLLOW_UP_MSG.empty}
        page={answer}
        onPageChange={setPage}
        label={FOLLOW_UP_MSG.pages}
        totalText={FOLLOW_UP_MSG.total}
      >
        {answer && (
          <FollowUpRows entries={answer.entries} periods={answer} timeZone={zone} base="../" />
        )}
      </PagedList>
    </div>
  );
}
