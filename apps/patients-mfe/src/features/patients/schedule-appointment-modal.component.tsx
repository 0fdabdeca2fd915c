import { fullName, MSG, type StudentSummary } from '@psicocampus/shared';
import { Modal, closeUnlessDialogOpen } from '@psicocampus/shared/ui';
import { AppointmentForm } from '../../components/appointment-form/appointment-form.component';

interface Props {
  student: StudentSummary | null;
  onClose: () => void;
}

/** The list's 'Agendar': the appointment form for one student, in a modal. */
export function ScheduleAppointmentModal({ student, onClose }: Props) {
  return (
    <Modal
      open={student !== null}
      title={student ? MSG.appointments.modalTitle(fullName(student)) : ''}
      onClose={closeUnlessDialogOpen(onClose)}
    >
      {student && (
        <AppointmentForm studentId={student._id} onScheduled={onClose} onCancel={onClose} />
      )}
    </Modal>
  );
}
