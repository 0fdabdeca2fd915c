import { backupCommand, runAsProgram } from './backup-restore';

/** dist/backup.js, run by `npm run backup [-- --out <archivo>]` (see backup-restore.ts). */
runAsProgram(backupCommand);
