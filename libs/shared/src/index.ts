/**
 * The browser side of the shared library: the store, the one API slice, the
 * session, the remote contract and the framework-free domain. Shared as a
 * singleton by the shell and every remote, so there is one store and one
 * API cache in the page.
 */
export * from './domain';
export * from './contracts/remote-module';
export * from './session/session-slice';
export * from './session/session-storage';
export * from './api/api-slice';
export * from './api/api-error';
export * from './store/create-store';
export * from './api/auth.api';
export * from './api/students.api';
export * from './api/clinical-notes.api';
export * from './api/appointments.api';
export * from './api/staff.api';
export * from './api/file-transfer';
export * from './api/assessments.api';
export * from './contracts/remote-components';
export * from './contracts/use-remote-component';
export * from './api/admin.api';
