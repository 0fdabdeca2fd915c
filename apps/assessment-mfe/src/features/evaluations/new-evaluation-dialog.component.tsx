import { lazy, Suspense, useCallback, useState } from 'react';
import { MSG } from '@psicocampus/shared';
import { isDialogOpen, LoadingMessage, Modal } from '@psicocampus/shared/ui';
import { confirmDiscard } from '../../lib/confirm-discard';

// The form's own chunk (also exposed as ./AssessmentForm): loaded when first opened.
const AssessmentForm = lazy(
  () => import('../../components/assessment-form/assessment-form.component'),
);

interface Props {
  open: boolean;
  studentId: string;
  studentName?: string;
  onClose: () => void;
}

/**
 * 'Nueva Evaluación': the Columbia form in a modal. The modal's own close
 * (×, Escape) asks before discarding answers not saved, as the form's
 * 'Cancelar' does; the Escape that closes a dialog on top is not one.
 */
export function NewEvaluationDialog({ open, studentId, studentName, onClose }: Props) {
  const [unsaved, setUnsaved] = useState(false);

  const close = useCallback(() => {
    setUnsaved(false);
    onClose();
  }, [onClose]);

  const requestClose = useCallback(async () => {
    if (isDialogOpen()) return;
    if (unsaved && !(await confirmDiscard())) return;
    close();
  }, [close, unsaved]);

  return (
    <Modal
      open={open}
      title={MSG.assessment.title}
      onClose={() => void requestClose()}
      size="large"
    >
      <Suspense fallback={<LoadingMessage text={MSG.common.loading} />}>
        <AssessmentForm
          studentId={studentId}
          studentName={studentName}
          onClose={close}
          onUnsavedChange={setUnsaved}
        />
      </Suspense>
    </Modal>
  );
}
