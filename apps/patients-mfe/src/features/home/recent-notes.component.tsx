import { formatShortDateTime, MSG, useRecentNotesQuery } from '@psicocampus/shared';
import { NoteEdited } from '../../components/note-edited/note-edited.component';
import {
  NoteListingRow,
  NoteListingRows,
} from '../../components/note-listing/note-listing-row.component';
import { HOME_ROWS } from './home-appointments';
import { listState } from '../../lib/list-state';
import { HomeCard } from './home-card.component';

/**
 * 'Notas recientes': the psychologist's latest notes, each naming its
 * student (opening the student's notes) and when it was written and
 * edited. Never a note's text.
 */
export function RecentNotes({ timeZone }: { timeZone: string }) {
  const recent = useRecentNotesQuery();
  const notes = (recent.data?.notes ?? []).slice(0, HOME_ROWS);
  return (
    <HomeCard
      title={MSG.home.recentNotes}
      state={listState(recent, notes.length)}
      errorText={MSG.home.loadNotesError}
      emptyText={MSG.home.noRecentNotes}
    >
      <NoteListingRows>
        {notes.map((note) => (
          <NoteListingRow
            key={note._id}
            note={note}
            when={formatShortDateTime(note.createdAt, timeZone)}
          >
            <NoteEdited note={note} />
          </NoteListingRow>
        ))}
      </NoteListingRows>
    </HomeCard>
  );
}
