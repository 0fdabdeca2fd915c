import { formatDateTimeIn, type RecentNote } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { Notice, SectionCard } from '@psicocampus/shared/ui';
import { NoteRow } from './note-row.component';
import styles from './psychologist-home.module.css';

interface Props {
  notes: readonly RecentNote[];
  failed: boolean;
  timeZone: string;
}

/**
 * 'Notas pendientes de firma' (issue 19 §4): the psychologist's own notes
 * still drafts 24 hours after they were written, each opening the student's
 * notes, where it is signed. Shown only when there is one (or the list failed).
 */
export function PendingSignature({ notes, failed, timeZone }: Props) {
  if (!failed && notes.length === 0) return null;
  return (
    <SectionCard title={SIGNED_NOTES_MSG.pendingTitle}>
      {failed ? (
        <Notice tone="error">{SIGNED_NOTES_MSG.pendingError}</Notice>
      ) : (
        <ul className={styles.notes}>
          {notes.map((note) => (
            <NoteRow
              key={note._id}
              note={note}
              when={SIGNED_NOTES_MSG.pendingSince(formatDateTimeIn(note.createdAt, timeZone))}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
