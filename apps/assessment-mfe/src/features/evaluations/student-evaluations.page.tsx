import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { fullName, MSG, useStudentAssessmentsQuery, useStudentQuery } from '@psicocampus/shared';
import { BackLink, Button, PageHeader } from '@psicocampus/shared/ui';
import { studentDetailPath } from '../../lib/paths';
import { usePdfReports } from '../../lib/use-pdf-reports';
import { EvaluationsHistory } from './evaluations-history.component';
import { NewEvaluationDialog } from './new-evaluation-dialog.component';

/**
 * studenteva/:id (SEED §2): a student's evaluations, oldest first, with the
 * general report, each assessment's PDF and a new assessment.
 */
export default function StudentEvaluationsPage() {
  const { id = '' } = useParams();
  const { data: studentData } = useStudentQuery(id);
  const assessments = useStudentAssessmentsQuery(id);
  const { studentReport, assessmentReport } = usePdfReports();
  const [formOpen, setFormOpen] = useState(false);
  const student = studentData?.student;
  const studentName = student ? fullName(student) : undefined;

  return (
    <>
      <PageHeader
        before={<BackLink to={studentDetailPath(id)} label={MSG.students.backToDetail} />}
        title={MSG.assessment.historyTitle}
        subtitle={studentName}
        actions={
          <>
            <Button variant="secondary" onClick={() => void studentReport(student?._id ?? null)}>
              {MSG.assessment.generalReport}
            </Button>
            <Button onClick={() => setFormOpen(true)}>{MSG.assessment.newButton}</Button>
          </>
        }
      />
      <EvaluationsHistory
        assessments={assessments.data?.assessments}
        isLoading={assessments.isLoading}
        failed={assessments.isError}
        onRetry={() => void assessments.refetch()}
        onDownload={(assessmentId) => void assessmentReport(assessmentId)}
      />
      <NewEvaluationDialog
        open={formOpen}
        studentId={id}
        studentName={studentName}
        onClose={() => setFormOpen(false)}
      />
    </>
  );
}
