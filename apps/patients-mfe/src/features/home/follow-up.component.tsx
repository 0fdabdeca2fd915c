import { Link } from 'react-router-dom';
import {
  formatDateTimeIn,
  fullName,
  MSG,
  remoteMount,
  useFollowUpQuery,
} from '@psicocampus/shared';
import {
  FOLLOW_UP_MSG,
  followUpReasonText,
  type FollowUpAction,
  type FollowUpEntry,
} from '@psicocampus/shared/follow-up';
import {
  EmptyState,
  LoadingMessage,
  Notice,
  RiskLevelBadge,
  SectionCard,
} from '@psicocampus/shared/ui';
import { APPOINTMENTS_ANCHOR } from '../../lib/anchors';
import styles from './psychologist-home.module.css';

/**
 * Where each action that clears a reason is done, from the dashboard's home:
 * the student detail's appointment form, the safety plan's screen, and the
 * student's evaluations (where a new one starts), in the assessment remote.
 */
export function followUpActionLink(action: FollowUpAction, studentId: string) {
  const id = encodeURIComponent(studentId);
  switch (action) {
    case 'SCHEDULE_APPOINTMENT':
      return { pathname: `patients/${id}`, hash: APPOINTMENTS_ANCHOR };
    case 'COMPLETE_SAFETY_PLAN':
      return { pathname: `patients/${id}/safety-plan` };
    case 'REASSESS':
      return { pathname: `${remoteMount('assessment')}/studenteva/${id}` };
  }
}

function FollowUpRow({
  entry,
  periods,
  timeZone,
}: {
  entry: FollowUpEntry;
  periods: { days: number; reassessDays: number };
  timeZone: string;
}) {
  return (
    <li className={styles.followUp}>
      <div className={styles.followUpHead}>
        <Link to={`patients/${encodeURIComponent(entry.student._id)}`}>
          {fullName(entry.student)}
        </Link>
        <RiskLevelBadge level={entry.level} />
        <time className={styles.noteDate} dateTime={entry.assessment.createdAt}>
          {FOLLOW_UP_MSG.assessedOn(formatDateTimeIn(entry.assessment.createdAt, timeZone))}
        </time>
      </div>
      <ul className={styles.reasons}>
        {entry.reasons.map((reason) => (
          <li key={reason.code} className={styles.reason}>
            <span>{followUpReasonText(reason.code, periods)}</span>
            <Link
              className={styles.reasonAction}
              to={followUpActionLink(reason.clearedBy, entry.student._id)}
            >
              {FOLLOW_UP_MSG.action[reason.clearedBy]}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * "Seguimiento prioritario" (issue 19 §3): the students of the caseload at
 * ALTO or MUY_ALTO who lack an appointment soon, a complete safety plan or
 * a reassessment, each reason with the link that clears it. First on the home.
 */
export function FollowUp({ timeZone }: { timeZone: string }) {
  const followUp = useFollowUpQuery();
  const entries = followUp.data?.entries ?? [];
  return (
    <SectionCard title={FOLLOW_UP_MSG.title}>
      {followUp.isLoading && <LoadingMessage text={MSG.common.loading} />}
      {followUp.isError && <Notice tone="error">{FOLLOW_UP_MSG.loadError}</Notice>}
      {followUp.data &&
        (entries.length === 0 ? (
          <EmptyState text={FOLLOW_UP_MSG.empty} />
        ) : (
          <>
            <p className={styles.followUpIntro}>{FOLLOW_UP_MSG.intro}</p>
            <ul className={styles.notes}>
              {entries.map((entry) => (
                <FollowUpRow
                  key={entry.student._id}
                  entry={entry}
                  periods={followUp.data!}
                  timeZone={timeZone}
                />
              ))}
            </ul>
          </>
        ))}
    </SectionCard>
  );
}
