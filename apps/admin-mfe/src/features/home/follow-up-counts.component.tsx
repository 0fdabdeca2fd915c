import { fullName, MSG, useFollowUpCountsQuery } from '@psicocampus/shared';
import { FOLLOW_UP_MSG } from '@psicocampus/shared/follow-up';
import { EmptyState, LoadingMessage, Notice, SectionCard } from '@psicocampus/shared/ui';
import styles from './admin-home.module.css';

/**
 * "Seguimiento prioritario" per psychologist (docs/screens-and-routes.md#admin-area): how many of each
 * one's students at ALTO or MUY_ALTO lack a step of follow-up. Counts only:
 * the administrator never sees which students (least privilege).
 */
export function FollowUpCounts() {
  const { data, isLoading, isError } = useFollowUpCountsQuery();
  return (
    <SectionCard title={FOLLOW_UP_MSG.countsTitle}>
      {isLoading && <LoadingMessage text={MSG.common.loading} />}
      {isError && <Notice tone="error">{FOLLOW_UP_MSG.countsError}</Notice>}
      {data &&
        (data.counts.length === 0 ? (
          <EmptyState text={FOLLOW_UP_MSG.countsEmpty} />
        ) : (
          <>
            <p className={styles.countsIntro}>{FOLLOW_UP_MSG.countsIntro}</p>
            <table className={styles.counts}>
              <thead>
                <tr>
                  <th scope="col">{FOLLOW_UP_MSG.countsPsychologist}</th>
                  <th scope="col">{FOLLOW_UP_MSG.countsCount}</th>
                </tr>
              </thead>
              <tbody>
                {data.counts.map((row) => (
                  <tr key={row.psychologist._id}>
                    <th scope="row">{fullName(row.psychologist)}</th>
                    <td>{row.count.toLocaleString('es')}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{FOLLOW_UP_MSG.countsTotal}</th>
                  <td>{data.total.toLocaleString('es')}</td>
                </tr>
              </tfoot>
            </table>
          </>
        ))}
    </SectionCard>
  );
}
