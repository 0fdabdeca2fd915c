import { useCallback } from 'react';
import { fullName, type ArchivedStudentRow } from '@psicocampus/shared';
import {
  RECORD_EXPORT_MSG,
  recordExportPaths,
  type RecordExportFormat,
} from '@psicocampus/shared/record-export';
import { useRecordExport } from '@psicocampus/shared/record-export-ui';
import { confirmAction } from '@psicocampus/shared/ui';

const S = RECORD_EXPORT_MSG.screen;

/** What the question before an export says: whose record, in what, and that the audit log keeps it. */
export function exportQuestion(student: ArchivedStudentRow, format: RecordExportFormat): string {
  return S.confirmText(fullName(student), S.formatName[format]);
}

/**
 * An archived student's whole record (docs/api.md#record-export), the one
 * clinical read an administrator makes (docs/permissions.md#administrators):
 * asked first, then downloaded with `confirm=true`. 'Cancelar' downloads
 * nothing.
 */
export function useExportArchived() {
  const { start, inFlight } = useRecordExport(S.exportError);

  const exportRecord = useCallback(
    async (student: ArchivedStudentRow, format: RecordExportFormat): Promise<boolean> => {
      const asked = exportQuestion(student, format);
      if (!(await confirmAction(S.confirmTitle, asked, S.confirmButton))) return false;
      return start(student._id, format, recordExportPaths.archived(student._id, format));
    },
    [start],
  );

  return { exportRecord, inFlight };
}
