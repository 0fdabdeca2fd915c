import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, remoteMount } from '@psicocampus/shared';
import { FOLLOW_UP_MSG, type FollowUpAnswer } from '@psicocampus/shared/follow-up';
import { stubApi } from '@psicocampus/shared/testing';
import { json } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import PsychologistHomePage from './psychologist-home.page';

const VALERIA = 'b7a1c2d3-0000-4000-8000-000000000001';
const TOMAS = 'b7a1c2d3-0000-4000-8000-000000000002';

const answer: FollowUpAnswer = {
  ok: true,
  days: 7,
  reassessDays: 30,
  total: 2,
  page: 1,
  pageSize: 3,
  entries: [
    {
      student: { _id: VALERIA, firstName: 'Valeria', lastName: 'Ortiz' },
      level: 'MUY_ALTO',
      assessment: { _id: 'e-1', createdAt: '2026-11-20T15:00:00.000Z' },
      reasons: [
        { code: 'NO_APPOINTMENT', clearedBy: 'SCHEDULE_APPOINTMENT' },
        { code: 'NO_SAFETY_PLAN', clearedBy: 'COMPLETE_SAFETY_PLAN' },
      ],
    },
    {
      student: { _id: TOMAS, firstName: 'Tomás', lastName: 'Mena' },
      level: 'ALTO',
      assessment: { _id: 'e-2', createdAt: '2026-09-01T15:00:00.000Z' },
      reasons: [{ code: 'REASSESSMENT_DUE', clearedBy: 'REASSESS' }],
    },
  ],
};

function renderHome(followUp: Response) {
  const calls = stubApi((call) => (call.path === '/api/follow-up' ? followUp : undefined));
  return renderScreen(<PsychologistHomePage />, {
    route: BASE,
    path: BASE,
    otherRoutes: [
      { path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> },
      { path: `${BASE}/follow-up`, element: <Landing name="seguimiento" /> },
    ],
  }).then(() => calls);
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** The list item of a student, from the link with their name. */
function rowOf(name: string): HTMLElement {
  return screen.getByRole('link', { name }).closest('li')!;
}

describe('"Seguimiento prioritario" on the psychologist\'s home', () => {
  it('comes first, before the appointments and the notes', async () => {
    await renderHome(json(answer));
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles[0]).toBe(FOLLOW_UP_MSG.title);
    expect(titles).toContain(MSG.home.today);
  });

  it('shows each student with their level and every reason, each with the action that clears it', async () => {
    await renderHome(json(answer));
    const list = await screen.findByRole('region', { name: FOLLOW_UP_MSG.title });
    await within(list).findByRole('link', { name: 'Valeria Ortiz' });
    const valeria = rowOf('Valeria Ortiz');
    expect(valeria).toHaveTextContent(MSG.assessment.levels.MUY_ALTO);
    expect(valeria).toHaveTextContent('Sin cita en los próximos 7 días');
    expect(valeria).toHaveTextContent('Sin plan de seguridad completo');
    expect(valeria).not.toHaveTextContent('Reevaluación pendiente');
    expect(within(valeria).getByRole('link', { name: 'Agendar cita' })).toHaveAttribute(
      'href',
      `${BASE}/patients/${VALERIA}#citas`,
    );
    expect(
      within(valeria).getByRole('link', { name: 'Elaborar plan de seguridad' }),
    ).toHaveAttribute('href', `${BASE}/patients/${VALERIA}/safety-plan`);

    const tomas = rowOf('Tomás Mena');
    expect(tomas).toHaveTextContent(MSG.assessment.levels.ALTO);
    expect(tomas).toHaveTextContent(
      'Reevaluación pendiente: más de 30 días desde la última evaluación',
    );
    expect(within(tomas).getByRole('link', { name: 'Reevaluar' })).toHaveAttribute(
      'href',
      `${remoteMount('assessment')}/studenteva/${TOMAS}`,
    );
    expect(within(tomas).queryByRole('link', { name: 'Agendar cita' })).toBeNull();
  });

  it("opens the student's appointments from 'Agendar cita', and the detail from the name", async () => {
    await renderHome(json(answer));
    const list = await screen.findByRole('region', { name: FOLLOW_UP_MSG.title });
    await userEvent.click(await within(list).findByRole('link', { name: 'Agendar cita' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${VALERIA}#citas`);
  });

  it('shows how many students need it and the first three, and leads to them all', async () => {
    const entries = Array.from({ length: 3 }, (_, index) => ({
      ...answer.entries[1]!,
      student: {
        _id: `b7a1c2d3-0000-4000-8000-00000000001${index}`,
        firstName: 'Estudiante',
        lastName: `Número ${index + 1}`,
      },
    }));
    const calls = await renderHome(json({ ...answer, entries, total: 12 }));
    const list = await screen.findByRole('region', { name: FOLLOW_UP_MSG.title });
    expect(await within(list).findByText(FOLLOW_UP_MSG.count(12))).toBeInTheDocument();
    expect(within(list).getAllByRole('link', { name: /^Estudiante Número/ })).toHaveLength(3);
    expect(calls.find((call) => call.path === '/api/follow-up')?.search).toBe('?pageSize=3');
    await userEvent.click(within(list).getByRole('link', { name: FOLLOW_UP_MSG.viewAll(12) }));
    expect(await landing()).toBe(`seguimiento ${BASE}/follow-up`);
  });

  it('has no link to the whole list when the home shows all of it', async () => {
    await renderHome(json(answer));
    const list = await screen.findByRole('region', { name: FOLLOW_UP_MSG.title });
    await within(list).findByRole('link', { name: 'Valeria Ortiz' });
    expect(within(list).queryByRole('link', { name: /^Ver todos/ })).toBeNull();
  });

  it('says the periods the server judged by', async () => {
    await renderHome(
      json({
        ...answer,
        days: 1,
        entries: [answer.entries[0]!],
        total: 1,
      } satisfies FollowUpAnswer),
    );
    expect(await screen.findByText('Sin cita agendada para mañana')).toBeInTheDocument();
  });

  it('says so when nobody needs priority follow-up', async () => {
    await renderHome(json({ ...answer, entries: [], total: 0 }));
    const list = await screen.findByRole('region', { name: FOLLOW_UP_MSG.title });
    expect(await within(list).findByText(FOLLOW_UP_MSG.empty)).toBeInTheDocument();
    expect(within(list).queryByRole('listitem')).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    await renderHome(json({ ok: false, msg: 'Error' }, 500));
    expect(await screen.findByText(FOLLOW_UP_MSG.loadError)).toBeInTheDocument();
  });
});
