import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fullName, type NoteListing } from '@psicocampus/shared';
import { LINKED_NOTE_PARAM } from '../../lib/anchors';
import styles from './note-listing.module.css';

interface Props {
  note: NoteListing;
  /** The date line, as each list words it. */
  when: string;
  /** From the screen the row is on to the dashboard ('' from the home, '../' from a screen of its own). */
  base?: string;
  /** Shown after the date ('Editada el …'). */
  children?: ReactNode;
}

/**
 * A note in a list of the dashboard (docs/screens-and-routes.md#psychologist-home): its student, opening the
 * student's notes at this note (where it is read, and signed; on whichever
 * page of them holds it), and when it was written.
 * Never its text: these lists are on screens others may see.
 */
export function NoteListingRow({ note, when, base = '', children }: Props) {
  return (
    <li className={styles.row}>
      <Link
        to={{
          pathname: `${base}patients/${encodeURIComponent(note.studentId)}`,
          search: `?${new URLSearchParams({ [LINKED_NOTE_PARAM]: note._id }).toString()}`,
        }}
        relative="path"
      >
        {fullName(note.student)}
      </Link>
      <span className={styles.when}>
        <time dateTime={note.createdAt}>{when}</time>
        {children}
      </span>
    </li>
  );
}

/** Rows of notes, in the order the server gave them. */
export function NoteListingRows({ children }: { children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}
