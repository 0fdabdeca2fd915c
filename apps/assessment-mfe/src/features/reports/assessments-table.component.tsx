import { Link } from 'react-router-dom';
import { formatDateTime, fullName, MSG, type AssessmentSummary } from '@psicocampus/shared';
import { Button, VisuallyHidden } from '@psicocampus/shared/ui';
import { savedAssessmentPath, studentEvaluationsPath } from '../../lib/paths';
import { LevelsSideBySide } from '@psicocampus/shared/clinician-level-ui';
import styles from './reports.module.css';

interface Props {
  /** Newest first. */
  assessments: AssessmentSummary[];
  onDownload: (assessmentId: string) => void;
}

/** One row per assessment: date, student, level, author and its PDF. */
export function AssessmentsTable({ assessments, onDownload }: Props) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{MSG.assessment.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{MSG.assessment.dateColumn}</th>
            <th scope="col">{MSG.assessment.studentColumn}</th>
            <th scope="col">{MSG.assessment.levelColumn}</th>
            <th scope="col">{MSG.assessment.authorColumn}</th>
            <th scope="col">{MSG.assessment.reportColumn}</th>
          </tr>
        </thead>
        <tbody>
          {assessments.map((assessment) => {
            const date = formatDateTime(assessment.createdAt);
            const student = fullName(assessment.student);
            return (
              <tr key={assessment._id}>
                <td>{date}</td>
                <th scope="row">
                  <Link to={studentEvaluationsPath(assessment.studentId)}>
                    {student}
                    <VisuallyHidden> — {MSG.assessment.viewStudent}</VisuallyHidden>
                  </Link>
                </th>
                <td>
                  <LevelsSideBySide
                    engine={assessment.riskLevel}
                    clinician={assessment.clinicianLevel?.level}
                  />
                </td>
                <td>
                  {assessment.createdBy ? fullName(assessment.createdBy) : MSG.common.notAssigned}
                </td>
                <td>
                  <div className={styles.reportLinks}>
                    <Link to={savedAssessmentPath(assessment._id)}>
                      {MSG.savedAssessment.open}
                      <VisuallyHidden>
                        {' '}
                        — {student}, {date}
                      </VisuallyHidden>
                    </Link>
                    <Button variant="link" onClick={() => onDownload(assessment._id)}>
                      {MSG.assessment.downloadDetails}
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
