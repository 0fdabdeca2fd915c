import { formatShortDateTime, usePendingSignatureNotesQuery } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import {
  NoteListingRow,
  NoteListingRows,
} from '../../components/note-listing/note-listing-row.component';
import { HOME_ROWS } from './home-appointments';
import { listState } from '../../lib/list-state';
import { HomeCard } from './home-card.component';

/**
 * 'Notas pendientes de firma' (docs/screens-and-routes.md#psychologist-home): how many of the psychologist's own
 * notes are still drafts 24 hours after they were written, and the oldest
 * few, each opening the student's notes where it is signed. The whole list
 * is `pending-notes`. Never a note's text.
 */
export function PendingSignature({ timeZone }: { timeZone: string }) {
  const pending = usePendingSignatureNotesQuery({ pageSize: HOME_ROWS });
  const total = pending.data?.total ?? 0;
  return (
    <HomeCard
      title={SIGNED_NOTES_MSG.pendingTitle}
      state={listState(pending, total)}
      errorText={SIGNED_NOTES_MSG.pendingError}
      emptyText={SIGNED_NOTES_MSG.pendingNone}
      summary={SIGNED_NOTES_MSG.pendingCount(total)}
      more={
        total > HOME_ROWS
          ? { to: 'pending-notes', label: SIGNED_NOTES_MSG.pendingViewAll(total) }
          : undefined
      }
    >
      <NoteListingRows>
        {(pending.data?.notes ?? []).map((note) => (
          <NoteListingRow
            key={note._id}
            note={note}
            when={formatShortDateTime(note.createdAt, timeZone)}
          />
        ))}
      </NoteListingRows>
    </HomeCard>
  );
}
