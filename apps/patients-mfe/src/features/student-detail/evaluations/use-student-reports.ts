import { useCallback, useState } from 'react';
import { errorMessage, MSG, reportPaths, useDownload, type Student } from '@psicocampus/shared';
import { showError } from '@psicocampus/shared/ui';

/** The general report and each assessment's PDF, with SEED §8's messages on failure. */
export function useStudentReports(student: Student | null) {
  const download = useDownload();
  const [busy, setBusy] = useState<string | null>(null);

  const fetchReport = useCallback(
    async (key: string, path: string, fallbackName: string) => {
      setBusy(key);
      try {
        await download(path, fallbackName);
      } catch (error) {
        await showError(errorMessage(error, MSG.students.reportError));
      } finally {
        setBusy(null);
      }
    },
    [download],
  );

  const generalReport = useCallback(async () => {
    if (!student) {
      await showError(MSG.students.reportNotLoaded);
      return;
    }
    await fetchReport('general', reportPaths.student(student._id), 'reporte.pdf');
  }, [fetchReport, student]);

  const assessmentReport = useCallback(
    (assessmentId: string) =>
      fetchReport(assessmentId, reportPaths.assessment(assessmentId), 'evaluacion.pdf'),
    [fetchReport],
  );

  return { generalReport, assessmentReport, busy };
}
