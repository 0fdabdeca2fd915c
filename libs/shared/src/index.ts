/**
 * The browser side of the shared library: the store, the one API slice, the
 * session, the remote contracts and the framework-free domain. Shared as a
 * singleton by the shell and every remote, so there is one store and one
 * API cache in the page. `./core` is the part a page needs before sign-in.
 */
export * from '@psicocampus/shared/core';
export * from './domain';
export * from '@psicocampus/shared/columbia';
export * from './api/api-slice';
export * from './api/auth.api';
export * from './api/email-change.api';
export * from './api/students.api';
export * from './api/clinical-notes.api';
export * from './api/appointments.api';
export * from './api/calendar-feed.api';
export * from './api/staff.api';
export * from './api/file-transfer';
export * from './api/assessments.api';
export * from './api/safety-plan.api';
export * from './api/admin.api';
export * from './api/follow-up.api';
export * from './api/mfa.api';
export * from './api/keep-session-while-typing';
export * from './api/unrecorded-appointments.api';
export * from './api/student-search.api';
export * from './api/service-clock';
export * from './contracts/remote-paths';
export * from './contracts/remote-menus';
