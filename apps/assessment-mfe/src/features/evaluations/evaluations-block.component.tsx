import { useState, type ComponentType, type ReactNode } from 'react';
import { fullName, MSG, useStudentAssessmentsQuery, useStudentQuery } from '@psicocampus/shared';
import { Button } from '@psicocampus/shared/ui';
import { usePdfReports } from '../../lib/use-pdf-reports';
import { EvaluationsHistory } from './evaluations-history.component';
import { NewEvaluationDialog } from './new-evaluation-dialog.component';

/** What a frame places: the block's buttons and its history. */
export interface EvaluationsFrameProps {
  studentId: string;
  /** Once the student has loaded. */
  studentName?: string;
  actions: ReactNode;
  children: ReactNode;
}

interface Props {
  studentId: string;
  /** The page's header, or a section of another screen. */
  frame: ComponentType<EvaluationsFrameProps>;
  /** The level of each 'Evaluación N' under the frame's own heading. */
  itemLevel: 2 | 3;
}

/**
 * A student's evaluations (docs/screens-and-routes.md#evaluations-of-a-student), the one copy of them: the general
 * report, 'Nueva Evaluación', the total and 'Evaluación N' (oldest first)
 * with its PDF and final remarks. `studenteva/:id` frames it as a page; the
 * student detail of the patients remote, as a section (`./StudentEvaluations`).
 */
export function EvaluationsBlock({ studentId, frame: Frame, itemLevel }: Props) {
  // The student detail has usually asked for the same record: the cache answers.
  const { data: studentData } = useStudentQuery(studentId, { skip: !studentId });
  const assessments = useStudentAssessmentsQuery(studentId, { skip: !studentId });
  const { studentReport, assessmentReport, busy } = usePdfReports();
  const [formOpen, setFormOpen] = useState(false);
  const student = studentData?.student;
  const studentName = student ? fullName(student) : undefined;

  return (
    <Frame
      studentId={studentId}
      studentName={studentName}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => void studentReport(student?._id ?? null)}
            disabled={busy === 'general'}
          >
            {MSG.assessment.generalReport}
          </Button>
          <Button onClick={() => setFormOpen(true)}>{MSG.assessment.newButton}</Button>
        </>
      }
    >
      <EvaluationsHistory
        assessments={assessments.data?.assessments}
        isLoading={assessments.isLoading}
        failed={assessments.isError}
        onRetry={() => void assessments.refetch()}
        onDownload={(assessmentId) => void assessmentReport(assessmentId)}
        downloading={busy}
        itemLevel={itemLevel}
      />
      <NewEvaluationDialog
        open={formOpen}
        studentId={studentId}
        studentName={studentName}
        onClose={() => setFormOpen(false)}
      />
    </Frame>
  );
}
