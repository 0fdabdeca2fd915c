import { appointmentFormSchema, MSG } from '@psicocampus/shared';
import {
  Form,
  Formik,
  KeepDraft,
  TextAreaField,
  TextField,
  useDraft,
  type Draft,
} from '@psicocampus/shared/forms';
import { Button, Notice } from '@psicocampus/shared/ui';
import { toZonedInputValue, useServiceTimeZone, validateInZone } from '../../lib/service-clock';
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
  /**
   * 'Cancelar' calls this instead of clearing the form (a modal asks, then
   * closes); without it, 'Cancelar' clears the form and its draft.
   */
  onCancel?: () => void;
  /** The draft, when the opener keeps it (a modal that asks before discarding it). */
  draft?: Draft<AppointmentFormValues>;
  /** Told whether the form holds something typed, on every change. */
  onChangedChange?: (changed: boolean) => void;
}

/** The draft's screen of a student's appointment form (docs/sign-in-and-sessions.md#drafts). */
export const appointmentDraftScreen = (studentId: string) => `appointment:${studentId}`;

/**
 * The embedded appointment form (docs/screens-and-routes.md#appointment-form and docs/rules-and-messages.md#appointment-form): date and time, reason, additional notes.
 * What is typed is kept as a draft, restored when the form opens again.
 */
export function AppointmentForm({
  studentId,
  onScheduled,
  onCancel,
  draft: openerDraft,
  onChangedChange,
}: Props) {
  const ownDraft = useDraft(
    openerDraft ? null : appointmentDraftScreen(studentId),
    EMPTY_APPOINTMENT,
  );
  const draft = openerDraft ?? ownDraft;
  const { schedule } = useScheduleAppointment(studentId, draft, onScheduled);
  const now = useNow();
  const { zone } = useServiceTimeZone();
  return (
    <Formik<AppointmentFormValues>
      initialValues={draft.initialValues}
      validate={validateInZone(appointmentFormSchema, zone)}
      onSubmit={schedule}
    >
      {({ isSubmitting, resetForm }) => (
        <Form noValidate className={styles.form}>
          <KeepDraft draft={draft} onChangedChange={onChangedChange} />
          {draft.restored && <Notice tone="info">{MSG.drafts.restored}</Notice>}
          <div className={styles.grid}>
            <TextField
              name="date"
              type="datetime-local"
              label={MSG.appointments.date}
              // The earliest choice is now, on the service's clock (docs/limits-and-budgets.md#screen-constants).
              min={toZonedInputValue(now, zone)}
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
            <Button
              variant="secondary"
              onClick={() => {
                if (onCancel) return onCancel();
                resetForm({ values: EMPTY_APPOINTMENT });
                draft.clear();
              }}
            >
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
