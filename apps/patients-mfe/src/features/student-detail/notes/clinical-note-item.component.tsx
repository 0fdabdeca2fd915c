import { formatDateTime, fullName, MSG, type ClinicalNote } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { Button, VisuallyHidden } from '@psicocampus/shared/ui';
import { NoteEdited } from '../../../components/note-edited/note-edited.component';
import { AddendumForm } from './addendum-form.component';
import { NoteAddenda } from './note-addenda.component';
import { NoteSignature } from './note-signature.component';
import styles from './notes.module.css';

interface Props {
  note: ClinicalNote;
  /** Only the note's author may correct, delete or sign it (docs/permissions.md#clinical-records). */
  isAuthor: boolean;
  /** The service's zone, for the signature's and the addenda's dates. */
  timeZone: string;
  onEdit: (note: ClinicalNote) => void;
  onDelete: (note: ClinicalNote) => void;
  onSign: (note: ClinicalNote) => void;
}

/**
 * One clinical note: when, who wrote it ('No asignado' when unknown), when it
 * was last edited if it was, whether it is signed, the text as written and,
 * once signed, its addenda and the form to add one (issue 19 §4).
 */
export function ClinicalNoteItem({ note, isAuthor, timeZone, onEdit, onDelete, onSign }: Props) {
  const author = note.createdBy ? fullName(note.createdBy) : MSG.common.notAssigned;
  const when = formatDateTime(note.createdAt);
  const signed = note.signedAt !== null;
  return (
    <li className={styles.note}>
      <div className={styles.noteHead}>
        <div className={styles.noteMeta}>
          <time dateTime={note.createdAt} className={styles.noteDate}>
            {when}
          </time>
          <span className={styles.noteAuthor}>{MSG.notes.by(author)}</span>
          <NoteEdited note={note} />
          <NoteSignature note={note} timeZone={timeZone} />
        </div>
        {isAuthor && !signed && (
          <div className={styles.noteActions}>
            <Button className={styles.small} onClick={() => onSign(note)}>
              {SIGNED_NOTES_MSG.sign}
              <VisuallyHidden> ({when})</VisuallyHidden>
            </Button>
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
      {signed && (
        <>
          <NoteAddenda addenda={note.addenda} timeZone={timeZone} />
          <AddendumForm note={note} />
        </>
      )}
    </li>
  );
}
