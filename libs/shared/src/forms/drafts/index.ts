export * from './draft-storage';
export * from './use-draft';
export * from './keep-draft.component';
export * from './use-session-over';
