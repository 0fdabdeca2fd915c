import { formatDateTime, MSG, type ClinicalNote } from '@psicocampus/shared';
import styles from './note-edited.module.css';

interface Props {
  note: Pick<ClinicalNote, 'version' | 'updatedAt'>;
}

/**
 * 'Editada el …' under a note that was corrected after it was written: a
 * reader must know the text is not the first version. Every correction raises the
 * version, so version 1 means never edited, and nothing is shown. Plain text, so it
 * does not rely on colour and screen readers read it with the note.
 */
export function NoteEdited({ note }: Props) {
  if (note.version <= 1) return null;
  return (
    <span className={styles.edited}>
      <time dateTime={note.updatedAt}>{MSG.notes.edited(formatDateTime(note.updatedAt))}</time>
    </span>
  );
}
