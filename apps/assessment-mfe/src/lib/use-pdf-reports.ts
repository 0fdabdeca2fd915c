import { useCallback, useState } from 'react';
import { errorMessage, MSG, reportPaths, useDownload } from '@psicocampus/shared';
import { showError } from '@psicocampus/shared/ui';

/** File names used when the server sends none (it normally does: docs/import-and-reports.md#reports). */
export const FALLBACK_FILE_NAMES = {
  student: 'reporte-estudiante.pdf',
  assessment: 'evaluacion.pdf',
};

/** Which download is under way: 'general' (the student's report) or an assessment's id. */
export type ReportInFlight = string | null;

/**
 * The two PDF reports of docs/import-and-reports.md#reports, downloaded with the session's token.
 * A failure shows the server's message or 'Error al descargar el reporte.'.
 * `busy` names the download under way, so its button waits for it.
 */
export function usePdfReports() {
  const download = useDownload();
  const [busy, setBusy] = useState<ReportInFlight>(null);

  const fetchReport = useCallback(
    async (key: string, path: string, fileName: string) => {
      setBusy(key);
      try {
        await download(path, fileName);
      } catch (error) {
        await showError(errorMessage(error, MSG.students.reportError));
      } finally {
        setBusy(null);
      }
    },
    [download],
  );

  /** The student's general report; needs the student to have loaded (docs/rules-and-messages.md#messages). */
  const studentReport = useCallback(
    async (studentId: string | null) => {
      if (!studentId) {
        await showError(MSG.students.reportNotLoaded);
        return;
      }
      await fetchReport('general', reportPaths.student(studentId), FALLBACK_FILE_NAMES.student);
    },
    [fetchReport],
  );

  const assessmentReport = useCallback(
    (assessmentId: string) =>
      fetchReport(
        assessmentId,
        reportPaths.assessment(assessmentId),
        FALLBACK_FILE_NAMES.assessment,
      ),
    [fetchReport],
  );

  return { studentReport, assessmentReport, busy };
}
