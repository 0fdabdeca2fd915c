import { formatDateTime, fullName, MSG, type ClinicalNote } from '@psicocampus/shared';
import { Button, VisuallyHidden } from '@psicocampus/shared/ui';
import { NoteEdited } from '../../../components/note-edited/note-edited.component';
import styles from './notes.module.css';

interface Props {
  note: ClinicalNote;
  /** Only the note's author may correct or delete it (docs/permissions.md#clinical-records). */
  isAuthor: boolean;
  onEdit: (note: ClinicalNote) => void;
  onDelete: (note: ClinicalNote) => void;
}

/** One clinical note: when, who wrote it ('No asignado' when unknown), when it was last edited if it was, and the text as written. */
export function ClinicalNoteItem({ note, isAuthor, onEdit, onDelete }: Props) {
  const author = note.createdBy ? fullName(note.createdBy) : MSG.common.notAssigned;
  const when = formatDateTime(note.createdAt);
  return (
    <li className={styles.note}>
      <div className={styles.noteHead}>
        <div className={styles.noteMeta}>
          <time dateTime={note.createdAt} className={styles.noteDate}>
            {when}
          </time>
          <span className={styles.noteAuthor}>{MSG.notes.by(author)}</span>
          <NoteEdited note={note} />
        </div>
        {isAuthor && (
          <div className={styles.noteActions}>
            <Button variant="secondary" className={styles.small} onClick={() => onEdit(note)}>
              {MSG.notes.edit}
              <VisuallyHidden> ({when})</VisuallyHidden>
            </Button>
            <Button variant="danger" className={styles.small} onClick={() => onDelete(note)}>
              {MSG.notes.delete}
              <VisuallyHidden> ({when})</VisuallyHidden>
            </Button>
          </div>
        )}
      </div>
      <p className={styles.noteText}>{note.note}</p>
    </li>
  );
}
