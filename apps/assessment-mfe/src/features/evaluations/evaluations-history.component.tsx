import { formatDateTime, fullName, MSG, type SuicideAssessment } from '@psicocampus/shared';
import {
  Button,
  DefinitionList,
  EmptyState,
  LoadingMessage,
  Notice,
  VisuallyHidden,
} from '@psicocampus/shared/ui';
import { LevelsSideBySide } from '@psicocampus/shared/clinician-level-ui';
import { Link } from 'react-router-dom';
import { savedAssessmentPath } from '../../lib/paths';
import { EvaluationRemarks } from './evaluation-remarks.component';
import styles from './student-evaluations.module.css';

interface Props {
  /** Oldest first, as the API answers: 'Evaluación 1' is the first one. */
  assessments?: SuicideAssessment[];
  isLoading: boolean;
  failed: boolean;
  onRetry: () => void;
  onDownload: (assessmentId: string) => void;
  /** The assessment whose PDF is being downloaded: its button waits. */
  downloading: string | null;
  /** The level of each 'Evaluación N' heading. */
  itemLevel: 2 | 3;
}

/** The evaluations history of docs/screens-and-routes.md#evaluations-of-a-student: the total and 'Evaluación N' with its PDF. */
export function EvaluationsHistory({
  assessments,
  isLoading,
  failed,
  onRetry,
  onDownload,
  downloading,
  itemLevel,
}: Props) {
  if (isLoading) return <LoadingMessage text={MSG.common.loading} />;
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
  if (!assessments?.length) return <EmptyState text={MSG.assessment.empty} />;
  return (
    <>
      <p className={styles.total}>{MSG.assessment.total(assessments.length)}</p>
      <ol className={styles.list}>
        {assessments.map((assessment, index) => (
          <EvaluationItem
            key={assessment._id}
            number={index + 1}
            assessment={assessment}
            onDownload={onDownload}
            downloading={downloading === assessment._id}
            level={itemLevel}
          />
        ))}
      </ol>
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
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className={styles.item}>
      <Heading className={styles.itemTitle}>{title}</Heading>
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
        <EvaluationRemarks assessment={assessment} level={level === 2 ? 3 : 4} />
      </div>
    </li>
  );
}
