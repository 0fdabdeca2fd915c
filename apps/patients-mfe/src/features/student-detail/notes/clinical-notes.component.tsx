import type { Ref } from 'react';
import {
  MSG,
  selectSessionUser,
  useAppSelector,
  type ClinicalNote,
  type Student,
} from '@psicocampus/shared';
import { SectionCard } from '@psicocampus/shared/ui';
import { PagedList } from '../../../components/paged-list/paged-list.component';
import { NOTES_ANCHOR } from '../../../lib/anchors';
import { useServiceTimeZone } from '../../../lib/service-clock';
import { ClinicalNoteItem } from './clinical-note-item.component';
import { useLinkedNoteFocus } from './use-linked-note-focus';
import { useNoteSignature } from './use-note-signature';
import { useNotesPage } from './use-notes-page';
import styles from './notes.module.css';

interface Props {
  /** The student with the first page of their notes and how many there are. */
  student: Student;
  onEdit: (note: ClinicalNote) => void;
  onDelete: (note: ClinicalNote) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The clinical notes block (`#notas`): a page of the student's notes, newest
 * first as the server sends them, with 'Anterior' / 'Página X de Y · N notas'
 * / 'Siguiente' under it (docs/api.md#paged-lists).
 */
export function ClinicalNotes({ student, onEdit, onDelete, headingRef }: Props) {
  const me = useAppSelector(selectSessionUser);
  const { zone } = useServiceTimeZone();
  const sign = useNoteSignature();
  const { notes, page, setPage, state, linked } = useNotesPage(student);
  const linkedRef = useLinkedNoteFocus(linked);
  return (
    <SectionCard id={NOTES_ANCHOR} title={MSG.notes.title} headingRef={headingRef}>
      <PagedList
        state={state}
        loadingText={MSG.common.loading}
        errorText={MSG.notes.pageError}
        emptyText={MSG.notes.empty}
        page={page}
        onPageChange={setPage}
        label={MSG.notes.pagesLabel}
        totalText={MSG.notes.total}
      >
        <ul className={styles.list}>
          {notes.map((note) => (
            <ClinicalNoteItem
              key={note._id}
              note={note}
              userId={me?.id}
              timeZone={zone}
              onEdit={onEdit}
              onDelete={onDelete}
              onSign={sign}
              itemRef={note._id === linked ? linkedRef : undefined}
            />
          ))}
        </ul>
      </PagedList>
    </SectionCard>
  );
}
