import { Link } from 'react-router-dom';
import { formatDateTime, fullName, MSG, type RecentNote } from '@psicocampus/shared';
import { EmptyState } from '@psicocampus/shared/ui';
import { NOTES_ANCHOR } from '../../lib/anchors';
import { NoteEdited } from '../../components/note-edited/note-edited.component';
import styles from './psychologist-home.module.css';

/** Characters of a note shown on the home before '…'. */
const EXCERPT_LENGTH = 180;

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH).trimEnd()}…` : flat;
}

/** The latest notes with their students; each opens the student's notes. */
export function RecentNotes({ notes }: { notes: readonly RecentNote[] }) {
  if (!notes.length) return <EmptyState text={MSG.home.noRecentNotes} />;
  return (
    <ul className={styles.notes}>
      {notes.map((note) => (
        <li key={note._id} className={styles.note}>
          <Link to={{ pathname: `patients/${note.student._id}`, hash: NOTES_ANCHOR }}>
            {fullName(note.student)}
          </Link>
          <time className={styles.noteDate} dateTime={note.createdAt}>
            {formatDateTime(note.createdAt)}
          </time>
          <NoteEdited note={note} />
          <p className={styles.excerpt}>{excerpt(note.note)}</p>
        </li>
      ))}
    </ul>
  );
}
