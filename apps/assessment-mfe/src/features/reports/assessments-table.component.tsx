import { Link } from 'react-router-dom';
import { formatDateTime, fullName, MSG, type AssessmentSummary } from '@psicocampus/shared';
import { Button, VisuallyHidden } from '@psicocampus/shared/ui';
import { savedAssessmentPath, studentEvaluationsPath } from '../../lib/paths';
import { LevelInForce } from '@psicocampus/shared/clinician-level-ui';
import styles from './reports.module.css';

interface Props {
  /** Newest first. */
  assessments: AssessmentSummary[];
  onDownload: (assessmentId: string) => void;
}

/**
 * One row per assessment: its level first (the level in force, marked as the
 * clinician's when it is, the scale's after it when they differ), then
 * date, student, author and its PDF. In a narrow box each row is a card
 * with the level at its top (docs/screens-and-routes.md#evaluations-of-a-student).
 */
export function AssessmentsTable({ assessments, onDownload }: Props) {
  const M = MSG.assessment;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{M.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{M.levelColumn}</th>
            <th scope="col">{M.dateColumn}</th>
            <th scope="col">{M.studentColumn}</th>
            <th scope="col">{M.authorColumn}</th>
            <th scope="col">{M.reportColumn}</th>
          </tr>
        </thead>
        <tbody>
          {assessments.map((assessment) => {
            const date = formatDateTime(assessment.createdAt);
            const student = fullName(assessment.student);
            // data-label: each cell's column, written before it when the rows become cards.
            return (
              <tr key={assessment._id}>
                <td className={styles.level} data-label={M.levelColumn}>
                  <LevelInForce
                    engine={assessment.riskLevel}
                    clinician={assessment.clinicianLevel?.level}
                  />
                </td>
                <td className={styles.date} data-label={M.dateColumn}>
                  <time dateTime={assessment.createdAt}>{date}</time>
                </td>
                <th scope="row" data-label={M.studentColumn}>
                  <Link to={studentEvaluationsPath(assessment.studentId)}>
                    {student}
                    <VisuallyHidden> — {M.viewStudent}</VisuallyHidden>
                  </Link>
                </th>
                <td data-label={M.authorColumn}>
                  {assessment.createdBy ? fullName(assessment.createdBy) : MSG.common.notAssigned}
                </td>
                <td data-label={M.reportColumn}>
                  <div className={styles.reportLinks}>
                    <Link to={savedAssessmentPath(assessment._id)}>
                      {MSG.savedAssessment.open}
                      <VisuallyHidden>
                        {' '}
                        — {student}, {date}
                      </VisuallyHidden>
                    </Link>
                    <Button variant="link" onClick={() => onDownload(assessment._id)}>
                      {M.downloadDetails}
                      <VisuallyHidden>
                        {' '}
                        — {student}, {date}
                      </VisuallyHidden>
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
