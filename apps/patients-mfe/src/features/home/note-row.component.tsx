import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fullName, type RecentNote } from '@psicocampus/shared';
import { NOTES_ANCHOR } from '../../lib/anchors';
import styles from './psychologist-home.module.css';

/** Characters of a note shown on the home before '…'. */
const EXCERPT_LENGTH = 180;

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH).trimEnd()}…` : flat;
}

interface Props {
  note: RecentNote;
  /** The date line, as each list words it. */
  when: string;
  /** Shown between the date and the excerpt. */
  children?: ReactNode;
}

/** A note on the home: its student (opening the student's notes), a date line and an excerpt. */
export function NoteRow({ note, when, children }: Props) {
  return (
    <li className={styles.note}>
      <Link to={{ pathname: `patients/${note.student._id}`, hash: NOTES_ANCHOR }}>
        {fullName(note.student)}
      </Link>
      <time className={styles.noteDate} dateTime={note.createdAt}>
        {when}
      </time>
      {children}
      <p className={styles.excerpt}>{excerpt(note.note)}</p>
    </li>
  );
}
