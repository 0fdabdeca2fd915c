import { useState, type ComponentType, type ReactNode } from 'react';
import {
  errorStatus,
  fullName,
  MSG,
  STUDENT_ASSESSMENTS_PAGE_SIZE,
  useStudentAssessmentPageQuery,
  useStudentQuery,
} from '@psicocampus/shared';
import { Button, useLastPageWhenPast, usePageParam } from '@psicocampus/shared/ui';
import { usePdfReports } from '../../lib/use-pdf-reports';
import { EvaluationsHistory } from './evaluations-history.component';
import { NewEvaluationDialog } from './new-evaluation-dialog.component';

/**
 * The address parameter of the history's page (`?evaluaciones=2`; page 1 has
 * none): the same on `studenteva/:id` and in the student detail, where the
 * notes' page is `?notas=`.
 */
export const EVALUATIONS_PAGE_PARAM = 'evaluaciones';

/**
 * The page of the student's history in the address, and its answer: a
 * page past the last (an old address) goes back to the last one.
 */
function useAssessmentsPage(studentId: string) {
  const [page, setPage] = usePageParam(EVALUATIONS_PAGE_PARAM);
  const query = useStudentAssessmentPageQuery(
    { studentId, page, pageSize: STUDENT_ASSESSMENTS_PAGE_SIZE },
    { skip: !studentId },
  );
  useLastPageWhenPast(page, setPage, query.data);
  return { query, setPage };
}

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
 * report, 'Nueva Evaluación', the total and 'Evaluación N' (the newest
 * first, a page at a time, docs/api.md#paged-lists) with its PDF and final
 * remarks. `studenteva/:id` frames it as a page; the
 * student detail of the patients remote, as a section (`./StudentEvaluations`).
 */
export function EvaluationsBlock({ studentId, frame: Frame, itemLevel }: Props) {
  // The student detail has usually asked for the same record: the cache answers.
  const { data: studentData } = useStudentQuery(studentId, { skip: !studentId });
  const { query: assessments, setPage } = useAssessmentsPage(studentId);
  const { studentReport, assessmentReport, busy } = usePdfReports();
  const [formOpen, setFormOpen] = useState(false);
  const student = studentData?.student;
  const studentName = student ? fullName(student) : undefined;
  // docs/screens-and-routes.md#evaluations-of-a-student: an unknown id, or a student of another
  // caseload, answers 404; the block says so instead of a loading failure, and offers nothing to do.
  const missing = errorStatus(assessments.error) === 404;

  return (
    <Frame
      studentId={studentId}
      studentName={studentName}
      actions={
        !missing && (
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
        )
      }
    >
      <EvaluationsHistory
        answer={assessments.data}
        onPageChange={setPage}
        isLoading={assessments.isLoading}
        failed={assessments.isError}
        missing={missing}
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
