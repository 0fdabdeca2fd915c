import { formatDateTimeIn, MSG } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { BackLink, PageHeader } from '@psicocampus/shared/ui';
import { NoteEdited } from '../../components/note-edited/note-edited.component';
import {
  NoteListingRow,
  NoteListingRows,
} from '../../components/note-listing/note-listing-row.component';
import { PagedList } from '../../components/paged-list/paged-list.component';
import { useServiceTimeZone } from '../../lib/service-clock';
import { usePendingNotes } from './use-pending-notes';
import styles from './pending-notes.module.css';

/**
 * 'pending-notes' (docs/screens-and-routes.md#pending-notes): every note of the psychologist still unsigned 24
 * hours after it was written, oldest first, by page with the total. A work
 * list, not a reader: each row names the student and when, and opens the
 * student's notes, where the note is read and signed.
 */
export default function PendingNotesPage() {
  const { notes, page, setPage, state } = usePendingNotes();
  const { zone } = useServiceTimeZone();
  return (
    <div className={styles.page}>
      <PageHeader
        before={<BackLink to=".." relative="path" label={MSG.home.backHome} />}
        title={SIGNED_NOTES_MSG.pendingTitle}
        subtitle={SIGNED_NOTES_MSG.pendingIntro}
      />
      <PagedList
        state={state}
        loadingText={MSG.common.loading}
        errorText={SIGNED_NOTES_MSG.pendingError}
        emptyText={SIGNED_NOTES_MSG.pendingNone}
        page={page}
        onPageChange={setPage}
        label={SIGNED_NOTES_MSG.pendingPages}
        totalText={SIGNED_NOTES_MSG.pendingCount}
      >
        <NoteListingRows>
          {notes.map((note) => (
            <NoteListingRow
              key={note._id}
              note={note}
              base="../"
              when={SIGNED_NOTES_MSG.pendingSince(formatDateTimeIn(note.createdAt, zone))}
            >
              <NoteEdited note={note} />
            </NoteListingRow>
          ))}
        </NoteListingRows>
      </PagedList>
    </div>
  );
}
