import { useCallback, useMemo } from 'react';
import {
  errorCode,
  errorMessage,
  formatDateTimeIn,
  MSG,
  useCreateAppointmentMutation,
} from '@psicocampus/shared';
import {
  applyFieldErrors,
  useIsSessionOver,
  type Draft,
  type FormikHelpers,
} from '@psicocampus/shared/forms';
import { confirmAction, showError, showSuccess } from '@psicocampus/shared/ui';
import { fromZonedInputValue, useServiceTimeZone } from '../../lib/service-clock';

export interface AppointmentFormValues {
  /** The datetime-local value, on the service's clock (lib/service-clock). */
  date: string;
  reason: string;
  notes: string;
}

export const EMPTY_APPOINTMENT: AppointmentFormValues = { date: '', reason: '', notes: '' };

const FIELDS = ['date', 'reason', 'notes'] as const;

/**
 * Schedules an appointment for one student (docs/screens-and-routes.md#appointment-form and docs/rules-and-messages.md#appointment-form): the date goes
 * to the server as an ISO instant; '¡Cita Agendada!' on success, the
 * server's message or 'Error al agendar la cita' on failure, keeping what
 * was typed. A session that ended (401) shows no dialog: the shell shows
 * /login, and the draft waits for the next sign-in.
 */
export function useScheduleAppointment(
  studentId: string,
  draft: Draft<AppointmentFormValues>,
  onScheduled?: () => void,
) {
  const [create] = useCreateAppointmentMutation();
  const isSessionOver = useIsSessionOver();
  const { zone } = useServiceTimeZone();

  const schedule = useCallback(
    async (values: AppointmentFormValues, helpers: FormikHelpers<AppointmentFormValues>) => {
      const when = fromZonedInputValue(values.date, zone);
      const body = {
        studentId,
        date: when.toISOString(),
        reason: values.reason.trim(),
        notes: values.notes.trim(),
      };
      try {
        try {
          await create(body).unwrap();
        } catch (error) {
          // Another appointment of the psychologist at that time: the server
          // names it, and the psychologist decides (docs/api.md#appointments).
          if (errorCode(error) !== 'APPOINTMENT_OVERLAP') throw error;
          const text = errorMessage(error, MSG.appointments.error);
          const M = MSG.appointments;
          if (!(await confirmAction(M.overlapTitle, text, M.overlapConfirm))) return;
          await create({ ...body, confirmOverlap: true }).unwrap();
        }
      } catch (error) {
        if (isSessionOver()) return;
        applyFieldErrors(error, helpers, FIELDS);
        await showError(errorMessage(error, MSG.appointments.error));
        return;
      }
      draft.clear();
      helpers.resetForm({ values: EMPTY_APPOINTMENT });
      onScheduled?.();
      await showSuccess(
        MSG.appointments.scheduled,
        MSG.appointments.scheduledText(formatDateTimeIn(when, zone)),
      );
    },
    [create, draft, isSessionOver, onScheduled, studentId, zone],
  );

  return useMemo(() => ({ schedule }), [schedule]);
}
