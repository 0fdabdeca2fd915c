import {
  LIST_MAX_PAGE_SIZE,
  type AuditAction,
  type AuditChainReport,
  type AdminStudentRow,
  type ArchivedStudentRow,
  type RestoreBody,
  type AppointmentStatistics,
  type AuditLogEntry,
  type Statistics,
  type StaffUser,
  type Role,
  type AssignmentBody,
  type PageInfo,
  type PageRequest,
  type UserBody,
} from '@psicocampus/shared/domain';
import type {
  MailListResponse,
  MailOutcome,
  MailRetryResponse,
  MailStatus,
} from '@psicocampus/shared/mail';
import { api, APPOINTMENT_STATISTICS_TAG, FOLLOW_UP_TAG } from './api-slice';
import type { OkResponse } from './auth.api';

/** `GET /api/users`' filters and page. */
export interface UsersFilters extends PageRequest {
  q?: string;
  role?: Role;
  status?: 'active' | 'inactive';
}

/** One page of the staff accounts, with the total of every match. */
export type UsersPage = { ok: true; users: StaffUser[] } & PageInfo;

/**
 * The most accounts a list to choose from holds (the assignment's
 * psychologists, the audit log's users): the largest page the server gives
 * (docs/screens-and-routes.md#admin-area). A service's staff is a few dozen people.
 */
export const STAFF_CHOICES_LIMIT = LIST_MAX_PAGE_SIZE;

/** `GET /api/admin/students/archived`' search and page. */
export interface ArchivedStudentsFilters extends PageRequest {
  q?: string;
}

/** `GET /api/admin/students`' filters and page. */
export interface AdminStudentsFilters extends PageRequest {
  q?: string;
  /** A psychologist's id, or 'none' for the unassigned. */
  psychologistId?: string;
  /** An import's batch id (its audit row's record): the students that import created. */
  batch?: string;
}

export interface AuditFilters {
  userId?: string;
  action?: AuditAction;
  /** 'YYYY-MM-DD', inclusive. */
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

/** `GET /api/mail`'s filters: one status, a page. */
export interface MailFilters {
  status?: MailStatus;
  page?: number;
  pageSize?: number;
}

export interface AuditPage {
  ok: true;
  entries: AuditLogEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** The builder `injectEndpoints` hands the administrators' endpoints, for the groups below. */
type AdminEndpointBuilder = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

/** The staff accounts ('Usuarios'): their pages, choices, and what is done to each. */
const userEndpoints = (build: AdminEndpointBuilder) => ({
  /** One page of the staff accounts ('Usuarios'), filtered on the server. */
  users: build.query<UsersPage, UsersFilters | void>({
    query: (filters) => ({ url: '/api/users', params: filters ?? undefined }),
    providesTags: [{ type: 'User', id: 'LIST' }],
  }),
  /**
   * The accounts to choose from, by name: of one role, or all of them; at
   * most STAFF_CHOICES_LIMIT, the one page a choice needs.
   */
  staffChoices: build.query<UsersPage, { role?: Role } | void>({
    query: (args) => ({
      url: '/api/users',
      params: { ...(args?.role ? { role: args.role } : {}), pageSize: STAFF_CHOICES_LIMIT },
    }),
    providesTags: [{ type: 'User', id: 'LIST' }],
  }),
  createUser: build.mutation<OkResponse & { user: StaffUser; mail?: MailOutcome }, UserBody>({
    query: (body) => ({ url: '/api/users', method: 'POST', body }),
    invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Statistics', 'Mail'],
  }),
  updateUser: build.mutation<
    OkResponse & { user: StaffUser; mail?: MailOutcome },
    { id: string; body: UserBody }
  >({
    query: ({ id, body }) => ({
      url: `/api/users/${encodeURIComponent(id)}`,
      method: 'PUT',
      body,
    }),
    invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Me'],
  }),
  deactivateUser: build.mutation<OkResponse & { user: StaffUser }, string>({
    query: (id) => ({ url: `/api/users/${encodeURIComponent(id)}/deactivate`, method: 'POST' }),
    invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Statistics'],
  }),
  reactivateUser: build.mutation<OkResponse & { user: StaffUser }, string>({
    query: (id) => ({ url: `/api/users/${encodeURIComponent(id)}/reactivate`, method: 'POST' }),
    invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Statistics'],
  }),
  sendResetLink: build.mutation<OkResponse & { mail?: MailOutcome }, string>({
    query: (id) => ({ url: `/api/users/${encodeURIComponent(id)}/reset-link`, method: 'POST' }),
    invalidatesTags: ['Mail'],
  }),
});

/** The service's students as the administrators see them: assigned, archived, restored. */
const studentEndpoints = (build: AdminEndpointBuilder) => ({
  /** One page of the service's students with their psychologist, and the total of every match. */
  adminStudents: build.query<
    { ok: true; students: AdminStudentRow[] } & PageInfo,
    AdminStudentsFilters | void
  >({
    query: (filters) => ({ url: '/api/admin/students', params: filters ?? undefined }),
    providesTags: [{ type: 'Student', id: 'ADMIN-LIST' }],
  }),
  assignStudent: build.mutation<
    OkResponse & { student: AdminStudentRow },
    { id: string; body: AssignmentBody }
  >({
    query: ({ id, body }) => ({
      url: `/api/students/${encodeURIComponent(id)}/assignment`,
      method: 'PUT',
      body,
    }),
    invalidatesTags: [
      { type: 'Student', id: 'ADMIN-LIST' },
      { type: 'User', id: 'LIST' },
      'Statistics',
      // The counts per psychologist follow the student.
      FOLLOW_UP_TAG,
    ],
  }),
  /** One page of the archived students (docs/api.md#archived-students): counts and dates, no clinical text. */
  archivedStudents: build.query<
    { ok: true; students: ArchivedStudentRow[] } & PageInfo,
    ArchivedStudentsFilters | void
  >({
    query: (filters) => ({ url: '/api/admin/students/archived', params: filters ?? undefined }),
    providesTags: [{ type: 'Student', id: 'ARCHIVED' }],
  }),
  /** An archived student back to a psychologist, every record with them. */
  restoreStudent: build.mutation<
    OkResponse & { student: AdminStudentRow },
    { id: string; body: RestoreBody }
  >({
    query: ({ id, body }) => ({
      url: `/api/admin/students/${encodeURIComponent(id)}/restore`,
      method: 'POST',
      body,
    }),
    invalidatesTags: [
      { type: 'Student', id: 'ARCHIVED' },
      { type: 'Student', id: 'ADMIN-LIST' },
      { type: 'User', id: 'LIST' },
      'Statistics',
      FOLLOW_UP_TAG,
    ],
  }),
});

/** The statistics, of either role. */
const statisticsEndpoints = (build: AdminEndpointBuilder) => ({
  /** The caller's scope: a psychologist's caseload or, for an administrator, the whole service. */
  statistics: build.query<{ ok: true; statistics: Statistics }, void>({
    query: () => '/api/statistics',
    providesTags: ['Statistics'],
  }),
  /**
   * The caller's appointments per month and status. Any change
   * of an appointment refreshes it (appointments.api.ts), and so does a
   * reassignment, which changes a caseload ('Statistics').
   */
  appointmentStatistics: build.query<
    { ok: true } & AppointmentStatistics,
    { months?: number } | void
  >({
    query: (args) => ({
      url: '/api/statistics/appointments',
      params: args?.months ? { months: args.months } : undefined,
    }),
    providesTags: [APPOINTMENT_STATISTICS_TAG],
  }),
});

/** The audit log and its chain, and the mail queue ('Correos'). */
const auditAndMailEndpoints = (build: AdminEndpointBuilder) => ({
  auditLog: build.query<AuditPage, AuditFilters | void>({
    query: (filters) => ({ url: '/api/audit', params: filters ?? undefined }),
    providesTags: ['Audit'],
  }),
  /**
   * The audit log's chain recomputed (docs/data-model.md#audit-chain): asked
   * for on demand, since it reads the whole log; each ask checks again.
   */
  auditChain: build.query<{ ok: true } & AuditChainReport, void>({
    query: () => ({ url: '/api/audit/verify' }),
  }),
  /** The mail queue, newest first, without bodies ('Correos'). */
  mailQueue: build.query<MailListResponse, MailFilters | void>({
    query: (filters) => ({ url: '/api/mail', params: filters ?? undefined }),
    providesTags: ['Mail'],
  }),
  /** A failed mail back in the queue, tried at once; `msg` says whether it left. */
  retryMail: build.mutation<MailRetryResponse, string>({
    query: (id) => ({ url: `/api/mail/${encodeURIComponent(id)}/retry`, method: 'POST' }),
    invalidatesTags: ['Mail'],
  }),
});

/** The administrators' calls (docs/permissions.md#administrators and docs/screens-and-routes.md#statistics) and the statistics of either role. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    ...userEndpoints(build),
    ...studentEndpoints(build),
    ...statisticsEndpoints(build),
    ...auditAndMailEndpoints(build),
  }),
});

export const {
  useUsersQuery,
  useStaffChoicesQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeactivateUserMutation,
  useReactivateUserMutation,
  useSendResetLinkMutation,
  useAdminStudentsQuery,
  useAssignStudentMutation,
  useArchivedStudentsQuery,
  useRestoreStudentMutation,
  useStatisticsQuery,
  useAppointmentStatisticsQuery,
  useAuditLogQuery,
  useLazyAuditChainQuery,
  useMailQueueQuery,
  useRetryMailMutation,
} = adminApi;
