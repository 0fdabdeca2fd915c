import { useCallback } from 'react';
import { errorMessage, MSG, reportPaths, useDownload } from '@psicocampus/shared';
import { showError } from '@psicocampus/shared/ui';

/** File names used when the server sends none (it normally does: PRODUCT §7). */
export const FALLBACK_FILE_NAMES = {
  student: 'reporte-estudiante.pdf',
  assessment: 'evaluacion.pdf',
};

/**
 * The two PDF reports of PRODUCT §7, downloaded with the session's token.
 * A failure shows the server's message or 'Error al descargar el reporte.'.
 */
export function usePdfReports() {
  const download = useDownload();

  const fetchReport = useCallback(
    async (path: string, fileName: string) => {
      try {
        await download(path, fileName);
      } catch (error) {
        await showError(errorMessage(error, MSG.students.reportError));
      }
    },
    [download],
  );

  /** The student's general report; needs the student to have loaded (SEED §8). */
  const studentReport = useCallback(
    async (studentId: string | null) => {
      if (!studentId) {
        await showError(MSG.students.reportNotLoaded);
        return;
      }
      await fetchReport(reportPaths.student(studentId), FALLBACK_FILE_NAMES.student);
    },
    [fetchReport],
  );

  const assessmentReport = useCallback(
    (assessmentId: string) =>
      fetchReport(reportPaths.assessment(assessmentId), FALLBACK_FILE_NAMES.assessment),
    [fetchReport],
  );

  return { studentReport, assessmentReport };
}
