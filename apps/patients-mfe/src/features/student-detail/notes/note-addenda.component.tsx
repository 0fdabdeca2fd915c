import { formatDateTimeIn, fullName, MSG, type NoteAddendum } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import styles from './notes.module.css';

/** A signed note's addenda, oldest first, each with who wrote it and when. */
export function NoteAddenda({
  addenda,
  timeZone,
}: {
  addenda: readonly NoteAddendum[];
  timeZone: string;
}) {
  if (!addenda.length) return null;
  return (
    <section className={styles.addenda} aria-label={SIGNED_NOTES_MSG.addendaTitle}>
      <p className={styles.addendaTitle}>{SIGNED_NOTES_MSG.addendaTitle}</p>
      <ul className={styles.addendaList}>
        {addenda.map((addendum) => (
          <li key={addendum._id} className={styles.addendum}>
            <time className={styles.noteAuthor} dateTime={addendum.createdAt}>
              {SIGNED_NOTES_MSG.addendumBy(
                addendum.createdBy ? fullName(addendum.createdBy) : MSG.common.notAssigned,
                formatDateTimeIn(addendum.createdAt, timeZone),
              )}
            </time>
            <p className={styles.noteText}>{addendum.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
