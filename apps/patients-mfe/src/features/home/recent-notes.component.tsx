import { formatDateTime, MSG, type RecentNote } from '@psicocampus/shared';
import { EmptyState } from '@psicocampus/shared/ui';
import { NoteEdited } from '../../components/note-edited/note-edited.component';
import { NoteRow } from './note-row.component';
import styles from './psychologist-home.module.css';

/** The latest notes with their students; each opens the student's notes. */
export function RecentNotes({ notes }: { notes: readonly RecentNote[] }) {
  if (!notes.length) return <EmptyState text={MSG.home.noRecentNotes} />;
  return (
    <ul className={styles.notes}>
      {notes.map((note) => (
        <NoteRow key={note._id} note={note} when={formatDateTime(note.createdAt)}>
          <NoteEdited note={note} />
        </NoteRow>
      ))}
    </ul>
  );
}
