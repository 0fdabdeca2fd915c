import { appointmentFormSchema, MSG } from '@psicocampus/shared';
import { Form, Formik, TextAreaField, TextField } from '@psicocampus/shared/forms';
import { Button } from '@psicocampus/shared/ui';
import { toLocalInputValue } from '../../lib/local-date-time';
import { useNow } from '../../lib/use-now';
import {
  EMPTY_APPOINTMENT,
  useScheduleAppointment,
  type AppointmentFormValues,
} from './use-schedule-appointment';
import styles from './appointment-form.module.css';

interface Props {
  studentId: string;
  /** After a successful save (the form has already been cleared). */
  onScheduled?: () => void;
  /** 'Cancelar' clears the form, then calls this (a modal closes). */
  onCancel?: () => void;
}

/** The embedded appointment form (docs/screens-and-routes.md#appointment-form and docs/rules-and-messages.md#appointment-form): date and time, reason, additional notes. */
export function AppointmentForm({ studentId, onScheduled, onCancel }: Props) {
  const { schedule } = useScheduleAppointment(studentId, onScheduled);
  const now = useNow();
  return (
    <Formik<AppointmentFormValues>
      initialValues={EMPTY_APPOINTMENT}
      validationSchema={appointmentFormSchema}
      onSubmit={schedule}
    >
      {({ isSubmitting }) => (
        <Form noValidate className={styles.form}>
          <div className={styles.grid}>
            <TextField
              name="date"
              type="datetime-local"
              label={MSG.appointments.date}
              // The earliest choice is now, in the browser's time zone (docs/limits-and-budgets.md#screen-constants).
              min={toLocalInputValue(new Date(now))}
              required
              validateLive
            />
            <TextField name="reason" label={MSG.appointments.reason} required validateLive />
          </div>
          <TextAreaField
            name="notes"
            label={MSG.common.optional(MSG.appointments.notes)}
            rows={3}
            maxLength={2000}
            validateLive
          />
          <div className={styles.actions}>
            <Button variant="secondary" type="reset" onClick={onCancel}>
              {MSG.common.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? MSG.appointments.submitting : MSG.appointments.submit}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
