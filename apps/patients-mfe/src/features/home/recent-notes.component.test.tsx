import { screen, within } from '@testing-library/react';
import { formatDateTime, MSG } from '@psicocampus/shared';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeNoteListing } from '../../testing/fixtures';
import { BASE, renderScreen } from '../../testing/render';
import { RecentNotes } from './recent-notes.component';

describe('RecentNotes: whether each note was edited', () => {
  it('marks the edited note with when it was edited, and only that one', async () => {
    const edited = makeNoteListing({ updatedAt: '2026-03-06T16:40:00.000Z', version: 3 });
    const unedited = makeNoteListing({ version: 1 });
    stubApi((call) =>
      call.path === '/api/clinical-notes/recent'
        ? json({ ok: true, notes: [edited, unedited] })
        : undefined,
    );
    await renderScreen(<RecentNotes timeZone="America/Guayaquil" />, { route: BASE, path: BASE });
    const block = screen.getByRole('region', { name: MSG.home.recentNotes });
    const [first, second] = await within(block).findAllByRole('listitem');
    expect(first).toHaveTextContent(MSG.notes.edited(formatDateTime(edited.updatedAt)));
    expect(second).not.toHaveTextContent(/Editada/);
  });
});
