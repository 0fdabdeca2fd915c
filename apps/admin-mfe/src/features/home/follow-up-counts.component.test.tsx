import { screen, within } from '@testing-library/react';
import { FOLLOW_UP_MSG, type FollowUpCountsAnswer } from '@psicocampus/shared/follow-up';
import { stubApi } from '@psicocampus/shared/testing';
import { json } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render';
import AdminHomePage from './admin-home.page';

afterEach(() => {
  document.body.innerHTML = '';
});

function renderHome(counts: Response) {
  const calls = stubApi((call) => (call.path === '/api/follow-up/counts' ? counts : undefined));
  return { calls, rendered: renderScreen(<AdminHomePage />, 'home') };
}

describe('"Seguimiento prioritario" on the administrator\'s home', () => {
  it('shows how many students each psychologist has on it, and the total: counts, no names of students', async () => {
    const answer: FollowUpCountsAnswer = {
      ok: true,
      counts: [
        { psychologist: { _id: 'p-1', firstName: 'Lucía', lastName: 'Fernández' }, count: 3 },
        { psychologist: { _id: 'p-2', firstName: 'Martín', lastName: 'Rojas' }, count: 0 },
      ],
      total: 3,
    };
    const { calls, rendered } = renderHome(json(answer));
    await rendered;
    const region = await screen.findByRole('region', { name: FOLLOW_UP_MSG.countsTitle });
    const table = await within(region).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [FOLLOW_UP_MSG.countsPsychologist, FOLLOW_UP_MSG.countsCount],
      ['Lucía Fernández', '3'],
      ['Martín Rojas', '0'],
      [FOLLOW_UP_MSG.countsTotal, '3'],
    ]);
    expect(calls.some((call) => call.path === '/api/follow-up')).toBe(false);
  });

  it('says so when the counts cannot be loaded', async () => {
    const { rendered } = renderHome(json({ ok: false, msg: 'Error' }, 500));
    await rendered;
    expect(await screen.findByText(FOLLOW_UP_MSG.countsError)).toBeInTheDocument();
  });
});
