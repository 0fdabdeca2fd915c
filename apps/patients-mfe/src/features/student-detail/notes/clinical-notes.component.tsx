import type { Ref } from 'react';
import { MSG, selectSessionUser, useAppSelector, type ClinicalNote } from '@psicocampus/shared';
import { EmptyState, SectionCard } from '@psicocampus/shared/ui';
import { NOTES_ANCHOR } from '../../../lib/anchors';
import { useServiceTimeZone } from '../../../lib/service-clock';
import { ClinicalNoteItem } from './clinical-note-item.component';
import { useNoteSignature } from './use-note-signature';
import styles from './notes.module.css';

interface Props {
  notes: readonly ClinicalNote[];
  onEdit: (note: ClinicalNote) => void;
  onDelete: (note: ClinicalNote) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The clinical notes block (`#notas`), newest first as the server sends them. */
export function ClinicalNotes({ notes, onEdit, onDelete, headingRef }: Props) {
  const me = useAppSelector(selectSessionUser);
  const { zone } = useServiceTimeZone();
  const sign = useNoteSignature();
  return (
    <SectionCard id={NOTES_ANCHOR} title={MSG.notes.title} headingRef={headingRef}>
      {notes.length === 0 ? (
        <EmptyState text={MSG.notes.empty} />
      ) : (
        <ul className={styles.list}>
          {notes.map((note) => (
            <ClinicalNoteItem
              key={note._id}
              note={note}
              isAuthor={Boolean(me && note.createdBy && note.createdBy._id === me.id)}
              timeZone={zone}
              onEdit={onEdit}
              onDelete={onDelete}
              onSign={sign}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
