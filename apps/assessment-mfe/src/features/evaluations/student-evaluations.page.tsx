import { useParams } from 'react-router-dom';
import { MSG } from '@psicocampus/shared';
import { BackLink, PageHeader } from '@psicocampus/shared/ui';
import { studentDetailPath } from '../../lib/paths';
import { EvaluationsBlock, type EvaluationsFrameProps } from './evaluations-block.component';

/** The block as a page: its header is the page's, with the way back to the student. */
function PageFrame({ studentId, studentName, actions, children }: EvaluationsFrameProps) {
  return (
    <>
      <PageHeader
        before={<BackLink to={studentDetailPath(studentId)} label={MSG.students.backToDetail} />}
        title={MSG.assessment.historyTitle}
        subtitle={studentName}
        actions={actions}
      />
      {children}
    </>
  );
}

/** studenteva/:id (docs/screens-and-routes.md#evaluations-of-a-student): a student's evaluations on a page of their own. */
export default function StudentEvaluationsPage() {
  const { id = '' } = useParams();
  return <EvaluationsBlock studentId={id} frame={PageFrame} itemLevel={2} />;
}
