/**
 * A student's whole record downloaded from a screen (docs/api.md#record-export):
 * the download with its progress and its errors, for the student detail and
 * the archived students. An entry of its own
 * (`@psicocampus/shared/record-export-ui`), never loaded by /login
 * (docs/limits-and-budgets.md#front-end).
 */
export { useRecordExport, type RecordExportInFlight } from './use-record-export';
export { RecordExportProgress } from './record-export-progress.component';
