import { useState } from 'react';
import {
  APPOINTMENT_CANCELLER_LABELS,
  APPOINTMENT_CANCELLERS,
  appointmentStatusSchema,
  appointmentUpdateSchema,
  formatDateTimeIn,
  isUnrecorded,
  MSG,
  optionsOf,
  type Appointment,
  type AppointmentCanceller,
} from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { Form, Formik, SelectField, TextField } from '@psicocampus/shared/forms';
import { Button, DefinitionList, Modal, Notice } from '@psicocampus/shared/ui';
import { fromZonedInputValue, toZonedInputValue, validateInZone } from '../../lib/service-clock';
import { studentName } from './appointment-summary.component';
import { StatusMark } from './status-mark.component';
import { useAppointmentActions } from './use-appointment-actions';
import { AppointmentTimeFields } from './appointment-time-fields.component';
import styles from './agenda.module.css';

interface Props {
  appointment: Appointment;
  now: number;
  /** The service's zone, the dates' (lib/service-clock). */
  zone: string;
  onClose: () => void;
  reload: () => void;
}

type Mode = 'view' | 'cancel' | 'move';

const CANCELLERS = optionsOf(APPOINTMENT_CANCELLERS, APPOINTMENT_CANCELLER_LABELS);

/** What the dialog tells of an appointment, term by term. */
function detailsOf(appointment: Appointment, zone: string) {
  return [
    { term: MSG.appointments.student, description: studentName(appointment) },
    { term: AGENDA_MSG.when, description: formatDateTimeIn(appointment.date, zone) },
    { term: AGENDA_MSG.duration, description: AGENDA_MSG.minutes(appointment.durationMinutes) },
    { term: MSG.appointments.reason, description: appointment.reason },
    ...(appointment.notes
      ? [{ term: MSG.appointments.notesLabel, description: appointment.notes }]
      : []),
    { term: AGENDA_MSG.status, description: <StatusMark status={appointment.status} /> },
    ...(appointment.cancelledBy
      ? [
          {
            term: AGENDA_MSG.cancelledBy,
            description: APPOINTMENT_CANCELLER_LABELS[appointment.cancelledBy],
          },
        ]
      : []),
    ...(appointment.cancelReason
      ? [{ term: AGENDA_MSG.cancelReason, description: appointment.cancelReason }]
      : []),
  ];
}

type Actions = ReturnType<typeof useAppointmentActions>;

/** Cancelling asks who cancels and why. */
function CancelForm(props: {
  appointment: Appointment;
  close: Actions['close'];
  onBack: () => void;
}) {
  const { appointment, close, onBack } = props;
  return (
    <Formik
      initialValues={{
        status: 'CANCELLED' as const,
        cancelledBy: '' as AppointmentCanceller | '',
        reason: '',
        version: appointment.version,
      }}
      validationSchema={appointmentStatusSchema}
      onSubmit={(values) =>
        close(appointment, {
          status: 'CANCELLED',
          cancelledBy: values.cancelledBy as AppointmentCanceller,
          reason: values.reason.trim(),
        })
      }
    >
      {({ isSubmitting }) => (
        <Form noValidate className={styles.dialogForm}>
          <SelectField
            name="cancelledBy"
            label={AGENDA_MSG.whoCancels}
            options={CANCELLERS}
            required
          />
          <TextField name="reason" label={AGENDA_MSG.cancelReason} required />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={onBack}>
              {AGENDA_MSG.back}
            </Button>
            <Button type="submit" variant="danger" disabled={isSubmitting}>
              {AGENDA_MSG.cancel}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

/** Moving asks the new date and duration, on the service's clock. */
function MoveForm(props: {
  appointment: Appointment;
  move: Actions['move'];
  now: number;
  zone: string;
  onBack: () => void;
}) {
  const { appointment, move, now, zone, onBack } = props;
  return (
    <Formik
      initialValues={{
        date: toZonedInputValue(new Date(appointment.date), zone),
        durationMinutes: appointment.durationMinutes,
        reason: appointment.reason,
        notes: appointment.notes,
        version: appointment.version,
      }}
      validate={validateInZone(appointmentUpdateSchema, zone)}
      onSubmit={(values) =>
        move(appointment, fromZonedInputValue(values.date, zone), Number(values.durationMinutes))
      }
    >
      {({ isSubmitting }) => (
        <Form noValidate className={styles.dialogForm}>
          <AppointmentTimeFields now={now} zone={zone} />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={onBack}>
              {AGENDA_MSG.back}
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {AGENDA_MSG.reschedule}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}

/**
 * One appointment of the agenda: its details and what its status allows.
 * Attended and no-show once its hour has come; cancelling asks who and why;
 * moving asks the new date and duration. One that ended still 'Programada'
 * says so and asks for its attendance (docs/screens-and-routes.md#agenda).
 */
export function AppointmentDialog({ appointment, now, zone, onClose, reload }: Props) {
  const [mode, setMode] = useState<Mode>('view');
  const [busy, setBusy] = useState(false);
  const { close, move } = useAppointmentActions({ onDone: onClose, reload });
  const scheduled = appointment.status === 'SCHEDULED';
  const started = new Date(appointment.date).getTime() <= now;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const details = detailsOf(appointment, zone);

  return (
    <Modal open title={AGENDA_MSG.details} onClose={onClose}>
      <DefinitionList items={details} />
      {mode === 'view' && isUnrecorded(appointment, now) && (
        <Notice tone="warning">{AGENDA_MSG.unrecordedNotice}</Notice>
      )}
      {mode === 'view' && (
        <div className={styles.dialogActions}>
          {scheduled && started && (
            <>
              <Button
                disabled={busy}
                onClick={() => run(() => close(appointment, { status: 'ATTENDED' }))}
              >
                {AGENDA_MSG.attended}
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => run(() => close(appointment, { status: 'NO_SHOW' }))}
              >
                {AGENDA_MSG.noShow}
              </Button>
            </>
          )}
          {scheduled && (
            <>
              <Button variant="secondary" onClick={() => setMode('move')}>
                {AGENDA_MSG.reschedule}
              </Button>
              <Button variant="danger" onClick={() => setMode('cancel')}>
                {AGENDA_MSG.cancel}
              </Button>
            </>
          )}
          <Button variant="secondary" onClick={onClose}>
            {AGENDA_MSG.close}
          </Button>
        </div>
      )}
      {mode === 'cancel' && (
        <CancelForm appointment={appointment} close={close} onBack={() => setMode('view')} />
      )}
      {mode === 'move' && (
        <MoveForm
          appointment={appointment}
          move={move}
          now={now}
          zone={zone}
          onBack={() => setMode('view')}
        />
      )}
    </Modal>
  );
}
