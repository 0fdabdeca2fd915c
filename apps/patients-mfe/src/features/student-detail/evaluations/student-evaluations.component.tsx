import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  formatDateTime,
  fullName,
  MSG,
  useStudentAssessmentsQuery,
  type Student,
} from '@psicocampus/shared';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  RiskLevelBadge,
  SectionCard,
} from '@psicocampus/shared/ui';
import { AssessmentFormModal } from './assessment-form-modal.component';
import { useStudentReports } from './use-student-reports';
import styles from './student-evaluations.module.css';

/**
 * The evaluations history of the student detail (SEED §2): the general PDF,
 * the total, 'Evaluación N' with its PDF, and 'Nueva Evaluación'.
 */
export function StudentEvaluations({ student }: { student: Student }) {
  const { data, isLoading, isError } = useStudentAssessmentsQuery(student._id);
  const { generalReport, assessmentReport, busy } = useStudentReports(student);
  const [formOpen, setFormOpen] = useState(false);
  const assessments = data?.assessments ?? [];

  return (
    <SectionCard
      title={MSG.assessment.historyTitle}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => void generalReport()}
            disabled={busy === 'general'}
          >
            {MSG.assessment.generalReport}
          </Button>
          <Button onClick={() => setFormOpen(true)}>{MSG.assessment.newButton}</Button>
        </>
      }
    >
      {isLoading && <LoadingMessage text={MSG.common.loading} />}
      {isError && <Notice tone="error">{MSG.assessment.loadError}</Notice>}
      {data && (
        <>
          <p className={styles.total}>{MSG.assessment.total(assessments.length)}</p>
          {assessments.length === 0 ? (
            <EmptyState text={MSG.assessment.empty} />
          ) : (
            <ol className={styles.list}>
              {assessments.map((assessment, index) => (
                <li key={assessment._id} className={styles.item}>
                  <div className={styles.summary}>
                    <strong>{MSG.assessment.itemTitle(index + 1)}</strong>
                    <span>{formatDateTime(assessment.createdAt)}</span>
                    <RiskLevelBadge level={assessment.riskLevel} />
                    {assessment.createdBy && (
                      <span className={styles.author}>
                        {MSG.assessment.assessedBy(fullName(assessment.createdBy))}
                      </span>
                    )}
                  </div>
                  <Button
                    variant="link"
                    onClick={() => void assessmentReport(assessment._id)}
                    disabled={busy === assessment._id}
                    aria-label={`${MSG.assessment.downloadDetails}: ${MSG.assessment.itemTitle(index + 1)}`}
                  >
                    {MSG.assessment.downloadDetails}
                  </Button>
                </li>
              ))}
            </ol>
          )}
          <p className={styles.more}>
            <Link to={`../../studenteva/${student._id}`} relative="path">
              {MSG.assessment.viewStudent}
            </Link>
          </p>
        </>
      )}
      <AssessmentFormModal
        open={formOpen}
        studentId={student._id}
        studentName={fullName(student)}
        onSaved={() => undefined}
        onClose={() => setFormOpen(false)}
      />
    </SectionCard>
  );
}
