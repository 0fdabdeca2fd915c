/**
 * What a page needs before anyone signs in (docs/limits-and-budgets.md#speed-and-size-budgets: `/login` loads
 * little): the store and the session, the remote contracts, and reading a
 * failed call's message. The API slice and its hooks are in the package's
 * main entry, which adds its cache to the store when it loads.
 */
export * from '../contracts/remote-module';
export * from '../contracts/remote-components';
export * from '../contracts/use-remote-component';
export * from '../session/session-slice';
export * from '../session/session-storage';
export * from '../session/return-path';
export * from '../store/create-store';
export * from '../api/api-error';
