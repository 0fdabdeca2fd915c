import type { Ref } from 'react';
import { formatDateTime, fullName, MSG, type ClinicalNote } from '@psicocampus/shared';
import {
  noteChangeRefusal,
  noteSigningRefusal,
  SIGNED_NOTES_MSG,
} from '@psicocampus/shared/signed-notes';
import { Button, VisuallyHidden } from '@psicocampus/shared/ui';
import { NoteEdited } from '../../../components/note-edited/note-edited.component';
import { AddendumForm } from './addendum-form.component';
import { NoteAddenda } from './note-addenda.component';
import { NoteSignature } from './note-signature.component';
import styles from './notes.module.css';

interface Props {
  note: ClinicalNote;
  /** Only the note's author may correct, delete or sign it (docs/permissions.md#clinical-records). */
  /** The signed-in psychologist: the shared rules say what they may do to the note. */
  userId: string | undefined;
  /** The service's zone, for the signature's and the addenda's dates. */
  timeZone: string;
  onEdit: (note: ClinicalNote) => void;
  onDelete: (note: ClinicalNote) => void;
  onSign: (note: ClinicalNote) => void;
  /** Set on the note a link opened (`?nota=<id>`): it is marked and takes the focus. */
  itemRef?: Ref<HTMLLIElement>;
}

/**
 * One clinical note: when, who wrote it ('No asignado' when unknown), when it
 * was last edited if it was, whether it is signed, the text as written and,
 * once signed, its addenda and the form to add one.
 */
export function ClinicalNoteItem({
  note,
  userId,
  timeZone,
  onEdit,
  onDelete,
  onSign,
  itemRef,
}: Props) {
  const author = note.createdBy ? fullName(note.createdBy) : MSG.common.notAssigned;
  const when = formatDateTime(note.createdAt);
  const signed = note.signedAt !== null;
  const standing = { authorId: note.createdBy?._id, signed };
  // Signing and changing go together today (an unsigned note of one's own),
  // but each follows its own rule.
  const maySign = noteSigningRefusal(standing, userId) === null;
  const mayChange = noteChangeRefusal(standing, userId) === null;
  const linked = itemRef !== undefined;
  return (
    <li
      ref={itemRef}
      className={linked ? `${styles.note} ${styles.linked}` : styles.note}
      tabIndex={linked ? -1 : undefined}
      aria-current={linked ? 'true' : undefined}
    >
      <div className={styles.noteHead}>
        <div className={styles.noteMeta}>
          <time dateTime={note.createdAt} className={styles.noteDate}>
            {when}
          </time>
          <span className={styles.noteAuthor}>{MSG.notes.by(author)}</span>
          <NoteEdited note={note} />
          <NoteSignature note={note} timeZone={timeZone} />
        </div>
        {(maySign || mayChange) && (
          <div className={styles.noteActions}>
            {maySign && (
              <Button className={styles.small} onClick={() => onSign(note)}>
                {SIGNED_NOTES_MSG.sign}
                <VisuallyHidden> ({when})</VisuallyHidden>
              </Button>
            )}
            {mayChange && (
              <>
                <Button variant="secondary" className={styles.small} onClick={() => onEdit(note)}>
                  {MSG.notes.edit}
                  <VisuallyHidden> ({when})</VisuallyHidden>
                </Button>
                <Button variant="danger" className={styles.small} onClick={() => onDelete(note)}>
                  {MSG.notes.delete}
                  <VisuallyHidden> ({when})</VisuallyHidden>
                </Button>
              </>
            )}
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
