import { useCallback, useState } from 'react';
import type { StudentSummary } from '@psicocampus/shared';

type OpenDialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; student: StudentSummary }
  | { kind: 'schedule'; student: StudentSummary };

/** Which modal of the list is open: the student form (create or edit) or the appointment form. */
export function usePatientDialogs() {
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  return {
    studentFormOpen: dialog.kind === 'create' || dialog.kind === 'edit',
    editing: dialog.kind === 'edit' ? dialog.student : null,
    scheduling: dialog.kind === 'schedule' ? dialog.student : null,
    openCreate: useCallback(() => setDialog({ kind: 'create' }), []),
    openEdit: useCallback((student: StudentSummary) => setDialog({ kind: 'edit', student }), []),
    openSchedule: useCallback(
      (student: StudentSummary) => setDialog({ kind: 'schedule', student }),
      [],
    ),
    close: useCallback(() => setDialog({ kind: 'none' }), []),
  };
}
