import {
  UNRECORDED_PAGE_SIZE,
  type UnrecordedAppointmentsAnswer,
} from '@psicocampus/shared/domain';
import { api } from './api-slice';

/**
 * "Sin registrar asistencia" (docs/api.md#appointments): the caller's
 * appointments that ended still 'Programada', one page at a time with their
 * total. Every change of an appointment invalidates the agendas' tag, so a
 * recorded one leaves the list; one whose hour has just passed appears on
 * the next visit (the screens ask again when they open).
 */
export const unrecordedAppointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unrecordedAppointments: build.query<
      UnrecordedAppointmentsAnswer,
      { page: number; pageSize?: number }
    >({
      query: ({ page, pageSize = UNRECORDED_PAGE_SIZE }) => ({
        url: '/api/appointments/unrecorded',
        params: { page, pageSize },
      }),
      providesTags: [{ type: 'Appointment', id: 'AGENDA' }],
    }),
  }),
});

export const { useUnrecordedAppointmentsQuery } = unrecordedAppointmentsApi;
