import {
  MSG,
  STUDENT_EVALUATIONS_EXPOSE,
  useRemoteComponent,
  type StudentEvaluationsProps,
} from '@psicocampus/shared';
import { Button, LoadingMessage, Notice, SectionCard } from '@psicocampus/shared/ui';

/**
 * The student's evaluations (docs/screens-and-routes.md#student-detail): the assessment remote owns the block
 * (history, PDFs, remarks, 'Nueva Evaluación') and this screen shows it,
 * loaded at run time through the shell. Until it arrives, or if that remote
 * is down, the section keeps its title and says so, with 'Reintentar'.
 */
export function StudentEvaluations({ studentId }: StudentEvaluationsProps) {
  const block = useRemoteComponent<StudentEvaluationsProps>(
    'assessment',
    STUDENT_EVALUATIONS_EXPOSE,
  );
  if (block.status === 'ready') return <block.Component studentId={studentId} />;
  return (
    <SectionCard title={MSG.assessment.historyTitle}>
      {block.status === 'loading' ? (
        <LoadingMessage text={MSG.shell.moduleLoading} />
      ) : (
        <Notice tone="error">
          <p>{MSG.shell.moduleUnavailable}</p>
          <Button onClick={block.retry}>{MSG.common.retry}</Button>
        </Notice>
      )}
    </SectionCard>
  );
}
