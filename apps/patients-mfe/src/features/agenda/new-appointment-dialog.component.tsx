import {
  APPOINTMENT_DEFAULT_MINUTES,
  appointmentSchema,
  errorCode,
  errorMessage,
  formatDateTimeIn,
  MSG,
  useCreateAppointmentMutation,
} from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import {
  applyFieldErrors,
  Form,
  Formik,
  TextAreaField,
  TextField,
  useIsSessionOver,
  type FormikHelpers,
} from '@psicocampus/shared/forms';
import { Button, confirmAction, Modal, showError, showSuccess } from '@psicocampus/shared/ui';
import { StudentPickerField } from '../../components/appointment-form/student-picker-field.component';
import { fromZonedInputValue, toZonedInputValue, validateInZone } from '../../lib/service-clock';
import { AppointmentTimeFields } from './appointment-time-fields.component';
import styles from './agenda.module.css';

interface Props {
  /** The free slot's start. */
  at: Date;
  now: number;
  /** The service's zone, the form's date-time (lib/service-clock). */
  zone: string;
  onClose: () => void;
}

interface Values {
  studentId: string;
  date: string;
  durationMinutes: number | string;
  reason: string;
  notes: string;
}

const FIELDS = ['studentId', 'date', 'durationMinutes', 'reason', 'notes'] as const;

/**
 * A new appointment from a free slot of the agenda: the psychologist looks
 * for one of their students by name and picks them; the slot's time comes
 * filled in. An overlap asks first, as the student's appointment form does.
 */
export function NewAppointmentDialog({ at, now, zone, onClose }: Props) {
  const [create] = useCreateAppointmentMutation();
  const isSessionOver = useIsSessionOver();

  const schedule = async (values: Values, helpers: FormikHelpers<Values>) => {
    const when = fromZonedInputValue(values.date, zone);
    const body = {
      studentId: values.studentId,
      date: when.toISOString(),
      durationMinutes: Number(values.durationMinutes),
      reason: values.reason.trim(),
      notes: values.notes.trim(),
    };
    try {
      try {
        await create(body).unwrap();
      } catch (error) {
        if (errorCode(error) !== 'APPOINTMENT_OVERLAP') throw error;
        const M = MSG.appointments;
        const text = errorMessage(error, M.error);
        if (!(await confirmAction(M.overlapTitle, text, M.overlapConfirm))) return;
        await create({ ...body, confirmOverlap: true }).unwrap();
      }
    } catch (error) {
      if (isSessionOver()) return;
      applyFieldErrors(error, helpers, FIELDS);
      await showError(errorMessage(error, MSG.appointments.error));
      return;
    }
    onClose();
    await showSuccess(
      MSG.appointments.scheduled,
      MSG.appointments.scheduledText(formatDateTimeIn(when, zone)),
    );
  };

  return (
    <Modal open title={AGENDA_MSG.newAppointment} onClose={onClose}>
      <Formik<Values>
        initialValues={{
          studentId: '',
          date: toZonedInputValue(at, zone),
          durationMinutes: APPOINTMENT_DEFAULT_MINUTES,
          reason: '',
          notes: '',
        }}
        validate={validateInZone(appointmentSchema, zone)}
        onSubmit={schedule}
      >
        {({ isSubmitting }) => (
          <Form noValidate className={styles.dialogForm}>
            <StudentPickerField name="studentId" />
            <AppointmentTimeFields now={now} zone={zone} />
            <TextField name="reason" label={MSG.appointments.reason} required />
            <TextAreaField
              name="notes"
              label={MSG.common.optional(MSG.appointments.notes)}
              rows={2}
              maxLength={2000}
            />
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={onClose}>
                {MSG.common.cancel}
              </Button>
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting ? MSG.appointments.submitting : MSG.appointments.submit}
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
