import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTimeIn, MSG, type Student } from '@psicocampus/shared';
import { FOLLOW_UP_MSG, type HistoryEvent } from '@psicocampus/shared/follow-up';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeDetail } from '../../../testing/fixtures';
import { BASE, renderScreen } from '../../../testing/render';
import StudentDetailPage from '../student-detail.page';

const ZONE = 'America/Guayaquil';

/** The server's page of `events` (every event of the student, newest first) the call asks for. */
function historyPage(events: HistoryEvent[], search: string): Response {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return json({
    ok: true,
    events: events.slice((page - 1) * pageSize, page * pageSize),
    total: events.length,
    page,
    pageSize,
  });
}

async function renderDetail(student: Student, history: HistoryEvent[] | Response, query = '') {
  const calls = stubApi((call) => {
    if (call.path === `/api/students/${student._id}`) return json({ ok: true, student });
    if (call.path === `/api/students/${student._id}/history`) {
      return Array.isArray(history) ? historyPage(history, call.search) : history;
    }
    if (call.path === '/api/appointments') return json({ ok: true, appointments: [] });
    if (call.path === '/api/service') return json({ ok: true, service: { timeZone: ZONE } });
    return undefined;
  });
  const rendered = await renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${student._id}${query}`,
    path: `${BASE}/patients/:id`,
  });
  return { calls, location: rendered.location };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('"Historial de cambios" on the student detail', () => {
  it('lists each change newest first, with when and by whom', async () => {
    const student = makeDetail();
    await renderDetail(student, [
      {
        action: 'note.sign',
        label: 'Firma de una nota clínica',
        at: '2026-11-21T16:30:00.000Z',
        by: { firstName: 'Lucía', lastName: 'Fernández' },
      },
      {
        action: 'assessment.clinician_level',
        label: 'Registro del nivel clínico de una evaluación',
        at: '2026-11-20T15:00:00.000Z',
        by: null,
      },
    ]);
    const region = await screen.findByRole('region', { name: FOLLOW_UP_MSG.historyTitle });
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${formatDateTimeIn('2026-11-21T16:30:00.000Z', ZONE)} Firma de una nota clínica por Lucía Fernández`,
      `${formatDateTimeIn('2026-11-20T15:00:00.000Z', ZONE)} Registro del nivel clínico de una evaluación por una cuenta eliminada`,
    ]);
  });

  it('says so when nothing has changed yet, or when it cannot be loaded', async () => {
    const student = makeDetail();
    await renderDetail(student, []);
    const region = await screen.findByRole('region', { name: FOLLOW_UP_MSG.historyTitle });
    expect(await within(region).findByText(FOLLOW_UP_MSG.historyEmpty)).toBeInTheDocument();
    document.body.innerHTML = '';
    await renderDetail(student, json({ ok: false, msg: 'Error' }, 500));
    expect(await screen.findByText(FOLLOW_UP_MSG.historyError)).toBeInTheDocument();
  });

  it('shows 20 a page with the pages under them, the page in the address', async () => {
    const student = makeDetail();
    const start = Date.parse('2026-11-21T16:00:00.000Z');
    // 45 changes, an hour apart, the newest first as the server answers them.
    const events: HistoryEvent[] = Array.from({ length: 45 }, (_, index) => ({
      action: 'safety_plan.save',
      label: `Cambio ${45 - index}`,
      at: new Date(start - index * 3_600_000).toISOString(),
      by: { firstName: 'Lucía', lastName: 'Fernández' },
    }));
    const { calls, location } = await renderDetail(student, events);
    const region = await screen.findByRole('region', { name: FOLLOW_UP_MSG.historyTitle });
    const labels = () =>
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent);
    const pages = await within(region).findByRole('navigation', {
      name: FOLLOW_UP_MSG.historyPagesLabel,
    });
    expect(pages).toHaveTextContent(
      `${MSG.audit.pageOf(1, 3)} · ${FOLLOW_UP_MSG.historyTotal(45)}`,
    );
    expect(labels()).toHaveLength(20);
    expect(labels()[0]).toBe('Cambio 45');
    expect(calls.find((call) => call.path.endsWith('/history'))?.search).toBe(
      '?page=1&pageSize=20',
    );

    await userEvent.setup().click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(labels()[0]).toBe('Cambio 25'));
    expect(labels().at(-1)).toBe('Cambio 6');
    await waitFor(() => expect(location()).toBe(`${BASE}/patients/${student._id}?cambios=2`));
  });

  it('opens on the page the address names, or the last when it is past it', async () => {
    const student = makeDetail();
    const events: HistoryEvent[] = Array.from({ length: 25 }, (_, index) => ({
      action: 'note.sign',
      label: `Cambio ${25 - index}`,
      at: new Date(Date.UTC(2026, 10, 21, 12) - index * 60_000).toISOString(),
      by: null,
    }));
    const { location } = await renderDetail(student, events, '?cambios=7');
    const region = await screen.findByRole('region', { name: FOLLOW_UP_MSG.historyTitle });
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toHaveLength(5),
    );
    await waitFor(() => expect(location()).toBe(`${BASE}/patients/${student._id}?cambios=2`));
  });
});
