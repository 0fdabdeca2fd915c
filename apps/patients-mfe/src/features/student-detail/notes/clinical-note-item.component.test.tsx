import { render, screen } from '@testing-library/react';
import { formatDateTime, MSG } from '@psicocampus/shared';
import { makeNote } from '../../../testing/fixtures';
import { ClinicalNoteItem } from './clinical-note-item.component';

function renderItem(note = makeNote()) {
  render(
    <ul>
      <ClinicalNoteItem
        note={note}
        userId={note.createdBy?._id}
        timeZone="America/Guayaquil"
        onEdit={() => undefined}
        onDelete={() => undefined}
        onSign={() => undefined}
      />
    </ul>,
  );
  return screen.getByRole('listitem');
}

describe('ClinicalNoteItem: whether the note was edited', () => {
  it('says, in words, that an edited note was edited and when', () => {
    const note = makeNote({
      createdAt: '2026-03-02T14:30:00.000Z',
      updatedAt: '2026-03-05T09:05:00.000Z',
      version: 2,
    });
    const item = renderItem(note);
    const marker = MSG.notes.edited(formatDateTime(note.updatedAt));
    expect(marker).toMatch(/^Editada el /);
    expect(item).toHaveTextContent(marker);
    expect(screen.getByText(marker)).toHaveAttribute('datetime', note.updatedAt);
    // The date the note was written stays the note's date.
    expect(item).toHaveTextContent(formatDateTime(note.createdAt));
  });

  it('says nothing of editing when the note is as it was first written', () => {
    const item = renderItem(makeNote({ version: 1 }));
    expect(item).not.toHaveTextContent(/Editada/);
  });
});
