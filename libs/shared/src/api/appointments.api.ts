import type {
  Appointment,
  AppointmentCreateInput,
  AppointmentStatusBody,
  AppointmentUpdateBody,
  PageInfo,
  PageRequest,
  ServiceSettings,
} from '@psicocampus/shared/domain';
import { api, APPOINTMENT_STATISTICS_TAG, FOLLOW_UP_TAG } from './api-slice';
import type { OkResponse } from './auth.api';

/**
 * Every cached list of appointments (a student's, the caseload's and each
 * agenda range), the statistics that count them, and "Seguimiento
 * prioritario", which a scheduled (or cancelled) appointment changes.
 */
const ALL_APPOINTMENT_LISTS = [
  { type: 'Appointment', id: 'LIST' },
  { type: 'Appointment', id: 'AGENDA' },
  APPOINTMENT_STATISTICS_TAG,
  FOLLOW_UP_TAG,
] as const;

type AppointmentAnswer = OkResponse & { appointment: Appointment };

/**
 * A page of the caseload's appointments, or of one student's with
 * `studentId`: from `after` on, soonest first, or before `before`, the
 * latest first (ISO instants; one of them at most).
 */
export interface AppointmentPageArgs extends PageRequest {
  studentId?: string;
  after?: string;
  before?: string;
}

export interface AppointmentPage extends PageInfo {
  ok: true;
  appointments: Appointment[];
}

/**
 * Appointments (docs/api.md#appointments): a page of one student's or of
 * the caller's caseload; the agenda of a period; and an
 * appointment's changes. A change refreshes every list and agenda held,
 * since a moved appointment may leave one period for another.
 */
export const appointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The service's configuration the screens need: the zone appointments are shown in. */
    service: build.query<{ ok: true; service: ServiceSettings }, void>({
      query: () => '/api/service',
      // It changes only with a restart of the server: once per session is enough.
      keepUnusedDataFor: 24 * 60 * 60,
    }),
    /**
     * One page of appointments with the total: the caseload's ('Historial',
     * the home's next ones) or, with `studentId`, the student's (their
     * detail). The screens never ask for a whole list (docs/api.md#paged-lists).
     */
    appointmentPage: build.query<AppointmentPage, AppointmentPageArgs>({
      query: (args) => ({ url: '/api/appointments', params: args }),
      providesTags: [{ type: 'Appointment', id: 'LIST' }],
    }),
    /** The caller's appointments starting in [from, to) (ISO instants, at most 62 days apart). */
    agenda: build.query<{ ok: true; appointments: Appointment[] }, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: '/api/appointments', params: { from, to } }),
      providesTags: (result) => [
        { type: 'Appointment', id: 'AGENDA' },
        ...(result?.appointments ?? []).map((a) => ({ type: 'Appointment' as const, id: a._id })),
      ],
    }),
    createAppointment: build.mutation<AppointmentAnswer, AppointmentCreateInput>({
      query: (body) => ({ url: '/api/appointments', method: 'POST', body }),
      invalidatesTags: [...ALL_APPOINTMENT_LISTS],
    }),
    /** Moves or edits one; `version` is the one it was read at (409 when stale or overlapping). */
    updateAppointment: build.mutation<
      AppointmentAnswer,
      {
        id: string;
        body: Omit<AppointmentUpdateBody, 'confirmOverlap'> & { confirmOverlap?: boolean };
      }
    >({
      query: ({ id, body }) => ({ url: `/api/appointments/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        ...ALL_APPOINTMENT_LISTS,
        { type: 'Appointment', id },
      ],
    }),
    /** Closes one: attended, no-show, or cancelled with who and why. */
    changeAppointmentStatus: build.mutation<
      AppointmentAnswer,
      { id: string; body: AppointmentStatusBody }
    >({
      query: ({ id, body }) => ({ url: `/api/appointments/${id}/status`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [
        ...ALL_APPOINTMENT_LISTS,
        { type: 'Appointment', id },
      ],
    }),
  }),
});

export const {
  useServiceQuery,
  useAppointmentPageQuery,
  useAgendaQuery,
  useCreateAppointmentMutation,
  useUpdateAppointmentMutation,
  useChangeAppointmentStatusMutation,
} = appointmentsApi;
