import { fullName, MSG, type StudentSummary } from '@psicocampus/shared';
import { useDraft } from '@psicocampus/shared/forms';
import { Modal, closeUnlessDialogOpen } from '@psicocampus/shared/ui';
import { useDraftModalGuard } from '../../lib/use-draft-modal-guard';
import {
  AppointmentForm,
  appointmentDraftScreen,
} from '../../components/appointment-form/appointment-form.component';
import { EMPTY_APPOINTMENT } from '../../components/appointment-form/use-schedule-appointment';

interface Props {
  student: StudentSummary | null;
  onClose: () => void;
}

/**
 * The list's 'Agendar': the appointment form for one student, in a modal.
 * Cancelar, × and Escape ask '¿Descartar los cambios?' when something was
 * typed; the draft is the one the student's own form keeps.
 */
export function ScheduleAppointmentModal({ student, onClose }: Props) {
  const draft = useDraft(student && appointmentDraftScreen(student._id), EMPTY_APPOINTMENT);
  const { ask, saved: scheduled, onChangedChange } = useDraftModalGuard(draft, onClose);
  return (
    <Modal
      open={student !== null}
      title={student ? MSG.appointments.modalTitle(fullName(student)) : ''}
      onClose={closeUnlessDialogOpen(ask)}
    >
      {student && (
        <AppointmentForm
          studentId={student._id}
          draft={draft}
          onChangedChange={onChangedChange}
          onScheduled={scheduled}
          onCancel={ask}
        />
      )}
    </Modal>
  );
}
