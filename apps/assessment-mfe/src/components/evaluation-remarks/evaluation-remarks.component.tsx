import { useEffect, useId, useState } from 'react';
import {
  MSG,
  selectSessionUser,
  useAppSelector,
  type SuicideAssessment,
} from '@psicocampus/shared';
import { completesAssessment } from '@psicocampus/shared/clinician-level';
import { Button, useLeaveGuard } from '@psicocampus/shared/ui';
import { focusControl } from '../assessment-form/field-ids';
import { FinalRemarks } from '../assessment-form/final-remarks.component';
import { useFinalRemarks } from '../assessment-form/use-final-remarks';

/**
 * A saved assessment's final remarks in the evaluations history: everyone
 * who sees the assessment reads every entry; its author may add another at
 * any time (docs/columbia-assessment.md#final-remarks), never change one.
 */
export function EvaluationRemarks({
  assessment,
  level,
  ofLabelId,
}: {
  assessment: SuicideAssessment;
  /** The heading's level under its 'Evaluación N'. */
  level: 3 | 4;
  /** In a list of assessments: the id of its 'Evaluación N', which names the region too. */
  ofLabelId?: string;
}) {
  const me = useAppSelector(selectSessionUser);
  const isAuthor = completesAssessment(assessment.createdBy?._id, me?.id);
  const textareaId = `remark-${useId()}`;
  const remarks = useFinalRemarks(assessment, textareaId);
  const [adding, setAdding] = useState(false);
  useLeaveGuard(adding && remarks.unsaved);

  useEffect(() => {
    if (adding) focusControl(textareaId);
  }, [adding, textareaId]);

  async function save() {
    if (await remarks.save()) setAdding(false);
  }

  return (
    <FinalRemarks
      level={level}
      ofLabelId={ofLabelId}
      remarks={remarks.remarks}
      editor={
        isAuthor && adding
          ? {
              textareaId,
              draft: remarks.draft,
              error: remarks.error,
              isSaving: remarks.isSaving,
              onChange: remarks.change,
              onSave: () => void save(),
            }
          : undefined
      }
    >
      {isAuthor && (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {MSG.assessment.addRemark}
        </Button>
      )}
    </FinalRemarks>
  );
}
