import { useId } from 'react';
import {
  assessmentContradictions,
  assessmentNumber,
  CONTRADICTION_MSG,
  formatDateTime,
  fullName,
  MSG,
  type StudentAssessmentsPage,
  type SuicideAssessment,
} from '@psicocampus/shared';
import {
  Button,
  DefinitionList,
  EmptyState,
  LoadingMessage,
  Notice,
  Pagination,
  VisuallyHidden,
} from '@psicocampus/shared/ui';
import { LevelsSideBySide } from '@psicocampus/shared/clinician-level-ui';
import { Link } from 'react-router-dom';
import { patientsListPath, savedAssessmentPath } from '../../lib/paths';
import { EvaluationRemarks } from '../../components/evaluation-remarks/evaluation-remarks.component';
import styles from './student-evaluations.module.css';

interface Props {
  /** A page of the student's assessments, the newest first, with the total of them all. */
  answer?: StudentAssessmentsPage;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  failed: boolean;
  /** The server answered 404: no such student in the caller's caseload. */
  missing: boolean;
  onRetry: () => void;
  onDownload: (assessmentId: string) => void;
  /** The assessment whose PDF is being downloaded: its button waits. */
  downloading: string | null;
  /** The level of each 'Evaluación N' heading. */
  itemLevel: 2 | 3;
}

/**
 * The evaluations history of docs/screens-and-routes.md#evaluations-of-a-student:
 * the total, a page of 'Evaluación N' with its PDF, and the pages under it.
 */
export function EvaluationsHistory({
  answer,
  onPageChange,
  isLoading,
  failed,
  missing,
  onRetry,
  onDownload,
  downloading,
  itemLevel,
}: Props) {
  if (isLoading) return <LoadingMessage text={MSG.common.loading} />;
  if (missing) {
    // An unknown id, or another caseload's student: there is nothing to retry.
    return (
      <Notice tone="error">
        <p>{MSG.students.notFound}</p>
        <Link to={patientsListPath}>{MSG.students.backToList}</Link>
      </Notice>
    );
  }
  if (failed) {
    return (
      <Notice tone="error">
        <p>{MSG.assessment.loadError}</p>
        <Button variant="secondary" onClick={onRetry}>
          {MSG.common.retry}
        </Button>
      </Notice>
    );
  }
  // A page past the last of a shrunk list is empty while the last one loads.
  if (!answer?.total) return <EmptyState text={MSG.assessment.empty} />;
  return (
    <>
      <p className={styles.total}>{MSG.assessment.total(answer.total)}</p>
      {/* Counted down from the page's first, as the headings say. */}
      <ol className={styles.list} reversed start={assessmentNumber(answer, 0)}>
        {answer.assessments.map((assessment, index) => (
          <EvaluationItem
            key={assessment._id}
            // The oldest of all is 'Evaluación 1', whatever the page.
            number={assessmentNumber(answer, index)}
            assessment={assessment}
            onDownload={onDownload}
            downloading={downloading === assessment._id}
            level={itemLevel}
          />
        ))}
      </ol>
      <Pagination
        page={answer.page}
        pageSize={answer.pageSize}
        total={answer.total}
        onPageChange={onPageChange}
        label={MSG.assessment.historyPagesLabel}
        totalText={MSG.assessment.total(answer.total)}
      />
    </>
  );
}

interface ItemProps {
  number: number;
  assessment: SuicideAssessment;
  onDownload: (assessmentId: string) => void;
  downloading: boolean;
  level: 2 | 3;
}

function EvaluationItem({ number, assessment, onDownload, downloading, level }: ItemProps) {
  const title = MSG.assessment.itemTitle(number);
  const titleId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  // A record stored before contradicting answers were refused is marked, never rewritten
  // (docs/columbia-assessment.md#contradicting-answers); its screen lists them.
  const contradictions = assessmentContradictions(assessment).length;
  return (
    <li className={styles.item}>
      <Heading id={titleId} className={styles.itemTitle}>
        {title}
      </Heading>
      <DefinitionList
        items={[
          { term: MSG.assessment.dateColumn, description: formatDateTime(assessment.createdAt) },
          {
            term: MSG.assessment.authorColumn,
            description: assessment.createdBy
              ? fullName(assessment.createdBy)
              : MSG.common.notAssigned,
          },
          {
            term: MSG.assessment.levelColumn,
            description: (
              <LevelsSideBySide
                engine={assessment.riskLevel}
                clinician={assessment.clinicianLevel?.level}
              />
            ),
          },
        ]}
      />
      {contradictions > 0 && (
        <p className={styles.contradictions}>{CONTRADICTION_MSG.markShort(contradictions)}</p>
      )}
      <div className={styles.links}>
        <Link to={savedAssessmentPath(assessment._id)}>
          {MSG.savedAssessment.open}
          <VisuallyHidden> — {title}</VisuallyHidden>
        </Link>
        <Button variant="link" onClick={() => onDownload(assessment._id)} disabled={downloading}>
          {MSG.assessment.downloadDetails}
          <VisuallyHidden> — {title}</VisuallyHidden>
        </Button>
      </div>
      <div className={styles.remarks}>
        <EvaluationRemarks
          assessment={assessment}
          level={level === 2 ? 3 : 4}
          ofLabelId={titleId}
        />
      </div>
    </li>
  );
}
