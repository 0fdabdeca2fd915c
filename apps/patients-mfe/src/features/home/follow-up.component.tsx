import { useFollowUpQuery } from '@psicocampus/shared';
import { FOLLOW_UP_MSG } from '@psicocampus/shared/follow-up';
import { FollowUpRows } from '../../components/follow-up-row/follow-up-row.component';
import { HOME_ROWS } from './home-appointments';
import { listState } from '../../lib/list-state';
import { HomeCard } from './home-card.component';
import styles from './psychologist-home.module.css';

/**
 * "Seguimiento prioritario" (docs/screens-and-routes.md#psychologist-home), first on the home: how many students
 * of the caseload at ALTO or MUY_ALTO lack an appointment soon, a complete
 * safety plan or a reassessment, and the first of them with every reason and
 * the link that clears it; the whole list is `follow-up`.
 */
export function FollowUp({ timeZone }: { timeZone: string }) {
  const followUp = useFollowUpQuery({ pageSize: HOME_ROWS });
  const total = followUp.data?.total ?? 0;
  return (
    <HomeCard
      title={FOLLOW_UP_MSG.title}
      className={styles.wide}
      metaPlacement="head"
      state={listState(followUp, total)}
      errorText={FOLLOW_UP_MSG.loadError}
      emptyText={FOLLOW_UP_MSG.empty}
      summary={FOLLOW_UP_MSG.count(total)}
      more={
        total > HOME_ROWS ? { to: 'follow-up', label: FOLLOW_UP_MSG.viewAll(total) } : undefined
      }
    >
      {followUp.data && (
        <FollowUpRows
          entries={followUp.data.entries}
          periods={followUp.data}
          timeZone={timeZone}
          layout="grid"
        />
      )}
    </HomeCard>
  );
}
