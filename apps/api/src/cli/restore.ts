import { restoreCommand, runAsProgram } from './backup-restore';

/** dist/restore.js, run by `npm run restore -- <archivo>` (see backup-restore.ts). */
runAsProgram(restoreCommand);
