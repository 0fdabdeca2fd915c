import { Link } from 'react-router-dom';
import { formatDateTimeIn, formatShortDateTime, fullName, REMOTE_PATHS } from '@psicocampus/shared';
import {
  FOLLOW_UP_MSG,
  followUpReasonText,
  type FollowUpAction,
  type FollowUpEntry,
} from '@psicocampus/shared/follow-up';
import { RiskLevelBadge } from '@psicocampus/shared/ui';
import { APPOINTMENTS_ANCHOR } from '../../lib/anchors';
import styles from './follow-up-row.module.css';

/**
 * Where each action that clears a reason is done: the student detail's
 * appointment form, the safety plan's screen, and the student's
 * evaluations (where a new one starts), in the assessment remote. `base`
 * leads from the screen the row is on to the dashboard ('' from the home,
 * '../' from a screen of its own).
 */
export function followUpActionLink(action: FollowUpAction, studentId: string, base = '') {
  const id = encodeURIComponent(studentId);
  switch (action) {
    case 'SCHEDULE_APPOINTMENT':
      return { pathname: `${base}patients/${id}`, hash: APPOINTMENTS_ANCHOR };
    case 'COMPLETE_SAFETY_PLAN':
      return { pathname: `${base}patients/${id}/safety-plan` };
    case 'REASSESS':
      return { pathname: REMOTE_PATHS.studentEvaluations(studentId) };
  }
}

interface Props {
  entry: FollowUpEntry;
  /** The periods the server judged by, which the reasons name. */
  periods: { days: number; reassessDays: number };
  timeZone: string;
  /** From the screen the row is on to the dashboard (see followUpActionLink). */
  base?: string;
  /** The short date, for a narrow row ('18 nov 2026, 06:00'). */
  compact?: boolean;
}

/**
 * A student of "Seguimiento prioritario" (docs/screens-and-routes.md#psychologist-home): the name (to the
 * detail), the level, when it was assessed, and every reason with the link
 * that clears it; all of them always shown, since each is a step of care.
 */
export function FollowUpRow({ entry, periods, timeZone, base = '', compact = false }: Props) {
  const id = encodeURIComponent(entry.student._id);
  const assessed = (compact ? formatShortDateTime : formatDateTimeIn)(
    entry.assessment.createdAt,
    timeZone,
  );
  return (
    <li className={styles.row}>
      <div className={styles.head}>
        <Link to={`${base}patients/${id}`} relative="path">
          {fullName(entry.student)}
        </Link>
        <RiskLevelBadge level={entry.level} />
        <time className={styles.date} dateTime={entry.assessment.createdAt}>
          {FOLLOW_UP_MSG.assessedOn(assessed)}
        </time>
      </div>
      <ul className={styles.reasons}>
        {entry.reasons.map((reason) => (
          <li key={reason.code} className={styles.reason}>
            <span>{followUpReasonText(reason.code, periods)}</span>
            <Link
              className={styles.action}
              to={followUpActionLink(reason.clearedBy, entry.student._id, base)}
              relative="path"
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
 * Rows of "Seguimiento prioritario", in the order the server gave them: one
 * under another, or side by side where the screen is wide ('grid', the
 * home's few first rows).
 */
export function FollowUpRows({
  entries,
  layout = 'list',
  ...row
}: Omit<Props, 'entry' | 'compact'> & {
  entries: readonly FollowUpEntry[];
  layout?: 'list' | 'grid';
}) {
  return (
    <ul className={layout === 'grid' ? styles.grid : styles.list}>
      {entries.map((entry) => (
        <FollowUpRow key={entry.student._id} entry={entry} compact={layout === 'grid'} {...row} />
      ))}
    </ul>
  );
}
