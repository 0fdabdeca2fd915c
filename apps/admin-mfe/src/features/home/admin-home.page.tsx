import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { Link } from 'react-router-dom';
import { MSG, useStatisticsQuery } from '@psicocampus/shared';
import {
  Button,
  buttonClassName,
  LoadingMessage,
  Notice,
  PageHeader,
} from '@psicocampus/shared/ui';
import { FollowUpCounts } from './follow-up-counts.component';
import { ServiceFigures } from './service-figures.component';
import styles from './admin-home.module.css';

/**
 * The administrator's home (docs/screens-and-routes.md#admin-area): the service in four figures,
 * counts only (no names, no clinical content), and the way to the users
 * and the statistics.
 */
export default function AdminHomePage() {
  const { data, isLoading, isError, refetch } = useStatisticsQuery();
  return (
    <div className={styles.page}>
      <PageHeader
        title={ADMIN_MSG.homeTitle}
        subtitle={ADMIN_MSG.homeSubtitle}
        actions={
          <>
            <Link to="../users" relative="path" className={buttonClassName()}>
              {ADMIN_MSG.goToUsers}
            </Link>
            <Link to="../static-admin" relative="path" className={buttonClassName('secondary')}>
              {ADMIN_MSG.goToStatistics}
            </Link>
          </>
        }
      />
      {isLoading && <LoadingMessage text={MSG.statistics.loading} />}
      {isError && (
        <Notice tone="error">
          <p>{MSG.statistics.loadError}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {MSG.common.retry}
          </Button>
        </Notice>
      )}
      {data && <ServiceFigures totals={data.statistics.totals} />}
      <FollowUpCounts />
    </div>
  );
}
