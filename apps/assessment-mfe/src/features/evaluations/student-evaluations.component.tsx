import { MSG, type StudentEvaluationsProps } from '@psicocampus/shared';
import { SectionCard } from '@psicocampus/shared/ui';
import { EvaluationsBlock, type EvaluationsFrameProps } from './evaluations-block.component';

/** The block as a section of another screen, named by its heading. */
function SectionFrame({ actions, children }: EvaluationsFrameProps) {
  return (
    <SectionCard title={MSG.assessment.historyTitle} actions={actions}>
      {children}
    </SectionCard>
  );
}

/**
 * `./StudentEvaluations`: a student's evaluations for the patients remote's
 * student detail (docs/screens-and-routes.md#student-detail), loaded there at run time. The same block as
 * `studenteva/:id`, so the two cannot drift apart.
 */
export default function StudentEvaluations({ studentId }: StudentEvaluationsProps) {
  return <EvaluationsBlock studentId={studentId} frame={SectionFrame} itemLevel={3} />;
}
