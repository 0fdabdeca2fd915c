import { MSG } from '@psicocampus/shared';
import { BackLink, LoadingMessage, Notice, PageHeader } from '@psicocampus/shared/ui';
import { APPOINTMENTS_ANCHOR, NOTES_ANCHOR } from '../../lib/anchors';
import { StudentAppointments } from './appointments/student-appointments.component';
import { StudentEvaluations } from './evaluations/student-evaluations.component';
import { StudentHistory } from './history/student-history.component';
import { ClinicalNotes } from './notes/clinical-notes.component';
import { NoteModal } from './notes/note-modal.component';
import { useNoteEditor } from './notes/use-note-editor';
import { SafetyPlanSummary } from './safety-plan-summary.component';
import { StudentDetailHeader } from './student-detail-header.component';
import { StudentProfile } from './student-profile.component';
import { useDeleteStudent } from './use-delete-student';
import { useScrollToAnchor } from './use-scroll-to-anchor';
import { useStudentDetail } from './use-student-detail';
import { useWriteNoteOnArrival } from './use-write-note-on-arrival';
import styles from './student-detail.module.css';

/** `patients/:id` (docs/screens-and-routes.md#student-detail): the student's record, clinical notes, evaluations and appointments. */
export default function StudentDetailPage() {
  const { id, student, isLoading, loadError } = useStudentDetail();
  const notes = useNoteEditor(id);
  const { remove, isDeleting } = useDeleteStudent(id);
  const notesHeading = useScrollToAnchor<HTMLHeadingElement>(NOTES_ANCHOR, student !== null);
  const appointmentsHeading = useScrollToAnchor<HTMLHeadingElement>(
    APPOINTMENTS_ANCHOR,
    student !== null,
  );
  useWriteNoteOnArrival(notes.startNew, student !== null);
  const back = <BackLink to=".." relative="path" label={MSG.students.backToList} />;

  if (isLoading) {
    return (
      <div className={styles.page}>
        {back}
        <LoadingMessage text={MSG.students.loadingDetail} />
      </div>
    );
  }

  if (!student) {
    return (
      <div className={styles.page}>
        <PageHeader title={MSG.students.detailTitle} before={back} />
        <Notice tone="error">{loadError ?? MSG.students.notFound}</Notice>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <StudentDetailHeader
        student={student}
        back={back}
        onDelete={() => void remove()}
        isDeleting={isDeleting}
        onAddNote={notes.startNew}
      />

      <StudentProfile student={student} />

      <SafetyPlanSummary student={student} />

      <ClinicalNotes
        key={student._id}
        student={student}
        onEdit={notes.startEdit}
        onDelete={(note) => void notes.remove(note)}
        headingRef={notesHeading}
      />

      <StudentEvaluations studentId={student._id} />

      <StudentAppointments studentId={student._id} headingRef={appointmentsHeading} />

      <StudentHistory studentId={student._id} />

      <NoteModal editing={notes.editing} onClose={notes.close} onSave={notes.save} />
    </div>
  );
}
