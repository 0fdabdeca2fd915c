import { useCallback, useMemo } from 'react';
import {
  errorCode,
  errorMessage,
  errorStatus,
  MSG,
  useChangeAppointmentStatusMutation,
  useUpdateAppointmentMutation,
  type Appointment,
  type AppointmentStatusBody,
} from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { useIsSessionOver } from '@psicocampus/shared/forms';
import { confirmAction, showError, showSuccess } from '@psicocampus/shared/ui';

interface Options {
  /** After a change the server accepted, or a stale version (the dialog closes on both). */
  onDone: () => void;
  /** Asks the agenda again: a 409 means someone else changed it. */
  reload: () => void;
}

/**
 * The changes an appointment of the agenda allows, each sent with the
 * version it was read at: the server's message says how it went. A stale
 * version (409) reloads the agenda; an overlap asks first, naming the other.
 */
export function useAppointmentActions({ onDone, reload }: Options) {
  const [changeStatus] = useChangeAppointmentStatusMutation();
  const [update] = useUpdateAppointmentMutation();
  const isSessionOver = useIsSessionOver();

  const fail = useCallback(
    async (error: unknown, fallback: string) => {
      if (isSessionOver()) return;
      if (errorStatus(error) === 409) {
        reload();
        onDone();
      }
      await showError(errorMessage(error, fallback));
    },
    [isSessionOver, onDone, reload],
  );

  const close = useCallback(
    async (appointment: Appointment, body: Omit<AppointmentStatusBody, 'version'>) => {
      try {
        const answer = await changeStatus({
          id: appointment._id,
          body: { ...body, version: appointment.version },
        }).unwrap();
        onDone();
        await showSuccess(answer.msg);
      } catch (error) {
        await fail(error, AGENDA_MSG.closeError);
      }
    },
    [changeStatus, fail, onDone],
  );

  const move = useCallback(
    async (appointment: Appointment, date: Date, durationMinutes: number) => {
      const body = {
        date: date.toISOString(),
        durationMinutes,
        reason: appointment.reason,
        notes: appointment.notes,
        version: appointment.version,
      };
      try {
        let answer;
        try {
          answer = await update({ id: appointment._id, body }).unwrap();
        } catch (error) {
          if (errorCode(error) !== 'APPOINTMENT_OVERLAP') throw error;
          const text = errorMessage(error, AGENDA_MSG.moveError);
          const asked = await confirmAction(
            MSG.appointments.overlapTitle,
            text,
            AGENDA_MSG.moveConfirm,
          );
          if (!asked) return;
          answer = await update({
            id: appointment._id,
            body: { ...body, confirmOverlap: true },
          }).unwrap();
        }
        onDone();
        await showSuccess(answer.msg);
      } catch (error) {
        await fail(error, AGENDA_MSG.moveError);
      }
    },
    [fail, onDone, update],
  );

  return useMemo(() => ({ close, move }), [close, move]);
}
