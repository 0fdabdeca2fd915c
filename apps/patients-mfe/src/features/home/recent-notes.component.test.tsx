import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { formatDateTime, MSG } from '@psicocampus/shared';
import { makeRecentNote } from '../../testing/fixtures';
import { RecentNotes } from './recent-notes.component';

describe('RecentNotes: whether each note was edited (issue 16)', () => {
  it('marks the edited note with when it was edited, and only that one', () => {
    const edited = makeRecentNote({ updatedAt: '2026-03-06T16:40:00.000Z', version: 3 });
    const unedited = makeRecentNote({ version: 1 });
    render(
      <MemoryRouter>
        <RecentNotes notes={[edited, unedited]} />
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent(MSG.notes.edited(formatDateTime(edited.updatedAt)));
    expect(second).not.toHaveTextContent(/Editada/);
  });
});
