import { useCallback, useState } from 'react';
import { errorMessage, safetyPlanPdfPath, useDownload } from '@psicocampus/shared';
import { SAFETY_PLAN_MSG } from '@psicocampus/shared/safety-plan';
import { showError } from '@psicocampus/shared/ui';

const P = SAFETY_PLAN_MSG;

/** 'Descargar PDF' of the plan shown: the one in force, or `version` when one is viewed. */
export function useSafetyPlanPdf(studentId: string, version: number | undefined) {
  const download = useDownload();
  const [downloading, setDownloading] = useState(false);
  const pdf = useCallback(async () => {
    setDownloading(true);
    try {
      await download(safetyPlanPdfPath(studentId, version), P.pdfFileName);
    } catch (error) {
      await showError(errorMessage(error, P.pdfError));
    } finally {
      setDownloading(false);
    }
  }, [download, studentId, version]);
  return { downloading, pdf };
}
