import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { fullName, MSG, type StudentSummary } from '@psicocampus/shared';
import { RECORD_EXPORT_MSG } from '@psicocampus/shared/record-export';
import { Button, PageHeader } from '@psicocampus/shared/ui';
import { RecordExportPanel } from './record-export/record-export-panel.component';
import { StudentRiskLine } from './student-profile.component';

interface Props {
  student: StudentSummary;
  /** The back link to the list. */
  back: ReactNode;
  onDelete: () => void;
  isDeleting: boolean;
  onAddNote: () => void;
}

/**
 * The detail's header (docs/screens-and-routes.md#student-detail): the name,
 * the career and the current level, and the actions on the student. 'Historia
 * completa' opens, under the header, the downloads of the whole record
 * (docs/api.md#record-export).
 */
export function StudentDetailHeader({ student, back, onDelete, isDeleting, onAddNote }: Props) {
  const navigate = useNavigate();
  const panelId = useId();
  const toggleId = useId();
  const [exportOpen, setExportOpen] = useState(false);
  const closeExport = () => {
    setExportOpen(false);
    document.getElementById(toggleId)?.focus();
  };

  return (
    <>
      <PageHeader
        title={fullName(student)}
        subtitle={
          <>
            {student.career}
            <StudentRiskLine student={student} />
          </>
        }
        before={back}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate('edit')}>
              {MSG.students.edit}
            </Button>
            <Button variant="danger" onClick={onDelete} disabled={isDeleting}>
              {MSG.students.delete}
            </Button>
            <Button onClick={onAddNote}>{MSG.students.addNote}</Button>
            {/* Last, so that the panel it opens comes next in the keyboard's order. */}
            <Button
              id={toggleId}
              variant="secondary"
              aria-expanded={exportOpen}
              aria-controls={exportOpen ? panelId : undefined}
              onClick={() => setExportOpen((open) => !open)}
            >
              {RECORD_EXPORT_MSG.screen.action}
            </Button>
          </>
        }
      />
      {exportOpen && (
        <RecordExportPanel id={panelId} studentId={student._id} onClose={closeExport} />
      )}
    </>
  );
}
