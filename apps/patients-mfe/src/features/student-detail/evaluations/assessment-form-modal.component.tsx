import { useState } from 'react';
import {
  ASSESSMENT_FORM_EXPOSE,
  MSG,
  useRemoteComponent,
  type AssessmentFormProps,
  type SuicideAssessment,
} from '@psicocampus/shared';
import { Button, confirmAction, LoadingMessage, Modal, Notice } from '@psicocampus/shared/ui';

interface Props {
  open: boolean;
  studentId: string;
  studentName: string;
  onSaved: (assessment: SuicideAssessment) => void;
  onClose: () => void;
}

/**
 * 'Nueva Evaluación': the assessment remote's form (PRODUCT §1), loaded at
 * run time through the shell like any remote, inside a modal that asks
 * before throwing unsaved answers away.
 */
export function AssessmentFormModal({ open, studentId, studentName, onSaved, onClose }: Props) {
  const form = useRemoteComponent<AssessmentFormProps>('assessment', ASSESSMENT_FORM_EXPOSE, open);
  const [unsaved, setUnsaved] = useState(false);

  const close = async () => {
    if (
      unsaved &&
      !(await confirmAction(
        MSG.common.confirmTitle,
        MSG.common.discardText,
        MSG.common.discardConfirm,
      ))
    ) {
      return;
    }
    setUnsaved(false);
    onClose();
  };

  return (
    <Modal open={open} title={MSG.assessment.title} size="large" onClose={() => void close()}>
      {form.status === 'loading' && <LoadingMessage text={MSG.shell.moduleLoading} />}
      {form.status === 'failed' && (
        <Notice tone="error">
          <p>{MSG.shell.moduleUnavailable}</p>
          <Button onClick={form.retry}>{MSG.common.retry}</Button>
        </Notice>
      )}
      {form.status === 'ready' && (
        <form.Component
          studentId={studentId}
          studentName={studentName}
          onSaved={onSaved}
          onClose={() => void close()}
          onUnsavedChange={setUnsaved}
        />
      )}
    </Modal>
  );
}
