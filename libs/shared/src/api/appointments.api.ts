import type { Appointment, AppointmentBody } from '@psicocampus/shared/domain';
import { api } from './api-slice';
import type { OkResponse } from './auth.api';

/** Appointments (docs/api.md#appointments): of one student, or all of the caller's without `studentId`. */
export const appointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    appointments: build.query<
      { ok: true; appointments: Appointment[] },
      { studentId?: string } | void
    >({
      query: (args) => ({
        url: '/api/appointments',
        params: args?.studentId ? { studentId: args.studentId } : undefined,
      }),
      providesTags: [{ type: 'Appointment', id: 'LIST' }],
    }),
    createAppointment: build.mutation<OkResponse & { appointment: Appointment }, AppointmentBody>({
      query: (body) => ({ url: '/api/appointments', method: 'POST', body }),
      invalidatesTags: [{ type: 'Appointment', id: 'LIST' }],
    }),
  }),
});

export const { useAppointmentsQuery, useCreateAppointmentMutation } = appointmentsApi;
