import { formatDateTimeIn, fullName, MSG, type ClinicalNote } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import styles from './notes.module.css';

/** 'Firmada por X el <fecha>' in the service's zone, or 'Borrador'. */
export function NoteSignature({ note, timeZone }: { note: ClinicalNote; timeZone: string }) {
  if (!note.signedAt) return <span className={styles.draftBadge}>{SIGNED_NOTES_MSG.draft}</span>;
  const signer = note.signedBy ? fullName(note.signedBy) : MSG.common.notAssigned;
  return (
    <time className={styles.signed} dateTime={note.signedAt}>
      {SIGNED_NOTES_MSG.signedBy(signer, formatDateTimeIn(note.signedAt, timeZone))}
    </time>
  );
}
