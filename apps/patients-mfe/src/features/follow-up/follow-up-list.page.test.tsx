import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, remoteMount } from '@psicocampus/shared';
import { FOLLOW_UP_MSG, type FollowUpEntry } from '@psicocampus/shared/follow-up';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import FollowUpListPage from './follow-up-list.page';

/** 23 students on the list, in the server's order. */
const entries: FollowUpEntry[] = Array.from({ length: 23 }, (_, index) => ({
  student: {
    _id: `b7a1c2d3-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    firstName: 'Estudiante',
    lastName: `Número ${index + 1}`,
  },
  level: index < 5 ? 'MUY_ALTO' : 'ALTO',
  assessment: { _id: `e-${index}`, createdAt: '2026-09-01T15:00:00.000Z' },
  reasons: [
    { code: 'NO_APPOINTMENT', clearedBy: 'SCHEDULE_APPOINTMENT' },
    { code: 'REASSESSMENT_DUE', clearedBy: 'REASSESS' },
  ],
}));

function followUpApi(): RecordedCall[] {
  return stubApi((call) => {
    if (call.path !== '/api/follow-up') return undefined;
    const params = new URLSearchParams(call.search);
    const page = Number(params.get('page') ?? 1);
    const pageSize = Number(params.get('pageSize') ?? 50);
    return json({
      ok: true,
      days: 7,
      reassessDays: 30,
      entries: entries.slice((page - 1) * pageSize, page * pageSize),
      total: entries.length,
      page,
      pageSize,
    });
  });
}

function renderList() {
  return renderScreen(<FollowUpListPage />, {
    route: `${BASE}/follow-up`,
    path: `${BASE}/follow-up`,
    otherRoutes: [
      { path: BASE, element: <Landing name="inicio" /> },
      { path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> },
    ],
  });
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('li')!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('"Seguimiento prioritario", the whole list', () => {
  it('shows a page of students, each with every reason, and the total', async () => {
    const calls = followUpApi();
    await renderList();
    expect(
      screen.getByRole('heading', { level: 1, name: FOLLOW_UP_MSG.title }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Estudiante Número 1' });
    expect(screen.getAllByRole('link', { name: /^Estudiante Número/ })).toHaveLength(20);
    const first = rowOf('Estudiante Número 1');
    expect(first).toHaveTextContent(MSG.assessment.levels.MUY_ALTO);
    expect(first).toHaveTextContent('Sin cita en los próximos 7 días');
    expect(first).toHaveTextContent('Reevaluación pendiente: más de 30 días');
    const pages = screen.getByRole('navigation', { name: FOLLOW_UP_MSG.pages });
    expect(pages).toHaveTextContent(`${MSG.audit.pageOf(1, 2)} · ${FOLLOW_UP_MSG.total(23)}`);
    expect(calls[0]!.search).toBe('?page=1&pageSize=20');

    await userEvent.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await screen.findByRole('link', { name: 'Estudiante Número 21' });
    expect(screen.getAllByRole('link', { name: /^Estudiante Número/ })).toHaveLength(3);
    await waitFor(() => expect(pages).toHaveTextContent(MSG.audit.pageOf(2, 2)));
  });

  it('leads from each reason to where it is cleared, and from the name to the student', async () => {
    followUpApi();
    await renderList();
    await screen.findByRole('link', { name: 'Estudiante Número 1' });
    const first = rowOf('Estudiante Número 1');
    const id = entries[0]!.student._id;
    expect(within(first).getByRole('link', { name: 'Reevaluar' })).toHaveAttribute(
      'href',
      `${remoteMount('assessment')}/studenteva/${id}`,
    );
    await userEvent.click(within(first).getByRole('link', { name: 'Agendar cita' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${id}#citas`);
  });

  it('leads back to the home', async () => {
    followUpApi();
    await renderList();
    await userEvent.click(screen.getByRole('link', { name: /Volver al inicio/ }));
    expect(await landing()).toBe(`inicio ${BASE}`);
  });
});
