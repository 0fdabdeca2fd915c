import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatShortDateTime, MSG } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json, makeAppointment, makeNoteListing } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import PsychologistHomePage from './psychologist-home.page';

/** The service's zone in these tests: UTC−5 all year. */
const ZONE = 'America/Guayaquil';
const HOUR_MS = 3_600_000;

/** Today in Guayaquil, as the instants of its first minute and of tomorrow's. */
function guayaquilDay() {
  const day = new Date(Date.now() - 5 * HOUR_MS).toISOString().slice(0, 10);
  const from = new Date(`${day}T05:00:00.000Z`);
  return { from: from.toISOString(), to: new Date(from.getTime() + 24 * HOUR_MS).toISOString() };
}

const ines = { _id: 'b7a1c2d3-0000-4000-8000-000000000001', firstName: 'Inés', lastName: 'Vega' };
const omar = { _id: 'b7a1c2d3-0000-4000-8000-000000000002', firstName: 'Omar', lastName: 'Pozo' };

const page = (items: Record<string, unknown>, total: number, pageSize = 3) => ({
  ok: true,
  ...items,
  total,
  page: 1,
  pageSize,
});

interface HomeAnswers {
  today?: Response;
  upcoming?: Response;
  recent?: Response;
  pending?: Response;
}

function homeApi(answers: HomeAnswers = {}): RecordedCall[] {
  return stubApi((call) => {
    const params = new URLSearchParams(call.search);
    if (call.path === '/api/service') return json({ ok: true, service: { timeZone: ZONE } });
    if (call.path === '/api/appointments' && params.has('from')) {
      return answers.today ?? json({ ok: true, appointments: [] });
    }
    if (call.path === '/api/appointments' && params.has('after')) {
      return answers.upcoming ?? json(page({ appointments: [] }, 0));
    }
    if (call.path === '/api/clinical-notes/recent') {
      return answers.recent ?? json({ ok: true, notes: [] });
    }
    if (call.path === '/api/clinical-notes/pending-signature') {
      return answers.pending ?? json(page({ notes: [] }, 0));
    }
    if (call.path === '/api/follow-up') {
      return json({ ...page({ entries: [] }, 0), days: 7, reassessDays: 30 });
    }
    return undefined;
  });
}

function renderHome() {
  return renderScreen(<PsychologistHomePage />, {
    route: BASE,
    path: BASE,
    otherRoutes: [
      { path: `${BASE}/patients`, element: <Landing name="lista" /> },
      { path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> },
      { path: `${BASE}/pending-notes`, element: <Landing name="pendientes" /> },
      { path: `${BASE}/agenda`, element: <Landing name="agenda" /> },
      { path: `${BASE}/history`, element: <Landing name="historial" /> },
    ],
  });
}

const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the psychologist's home", () => {
  it('greets the signed-in psychologist and links to Mis Pacientes', async () => {
    homeApi();
    await renderHome();
    expect(
      screen.getByRole('heading', { level: 1, name: MSG.home.greeting('Lucía') }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: MSG.home.goToPatients }));
    expect(await landing()).toBe(`lista ${BASE}/patients`);
  });

  it("asks for today's appointments by the service's day and for the next three after it, never for every appointment", async () => {
    const calls = homeApi();
    await renderHome();
    await screen.findByText(MSG.home.noneToday);
    const asked = calls
      .filter((call) => call.path === '/api/appointments')
      .map((call) => Object.fromEntries(new URLSearchParams(call.search)));
    const day = guayaquilDay();
    expect(asked).toContainEqual({ from: day.from, to: day.to });
    expect(asked).toContainEqual({ after: day.to, pageSize: '3' });
    expect(asked.every((params) => 'from' in params || 'after' in params)).toBe(true);
  });

  it('shows how many appointments there are today with the next three, and links to the agenda', async () => {
    const day = Date.parse(guayaquilDay().from);
    // 08:00, 10:00, 12:00 and 16:00 in Guayaquil, long over or still to come.
    const today = [8, 10, 12, 16].map((hour, index) =>
      makeAppointment({
        date: new Date(day + (hour + 5) * HOUR_MS).toISOString(),
        student: index % 2 ? omar : ines,
        studentId: (index % 2 ? omar : ines)._id,
        reason: `Motivo reservado ${hour}`,
      }),
    );
    homeApi({ today: json({ ok: true, appointments: today }) });
    await renderHome();
    const block = region(MSG.home.today);
    expect(await within(block).findByText(MSG.home.todayCount(4))).toBeInTheDocument();
    expect(within(block).getAllByRole('listitem')).toHaveLength(3);
    expect(block).not.toHaveTextContent('Motivo reservado');
    await userEvent.click(within(block).getByRole('link', { name: MSG.home.viewAgenda }));
    expect(await landing()).toBe(`agenda ${BASE}/agenda`);
  });

  it('shows the next appointments after today with their total, each opening the student', async () => {
    const next = makeAppointment({
      date: '2031-01-15T15:00:00.000Z',
      student: ines,
      studentId: ines._id,
    });
    homeApi({ upcoming: json(page({ appointments: [next] }, 14)) });
    await renderHome();
    const block = region(MSG.home.upcoming);
    expect(await within(block).findByText(MSG.home.upcomingCount(14))).toBeInTheDocument();
    expect(block).toHaveTextContent(formatShortDateTime(next.date, ZONE));
    await userEvent.click(within(block).getByRole('link', { name: 'Inés Vega' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${ines._id}`);
  });

  it('counts the notes pending signature, lists the oldest three and leads to them all', async () => {
    const oldest = [1, 2, 3].map((day) =>
      makeNoteListing({
        createdAt: `2026-03-0${day}T14:30:00.000Z`,
        student: ines,
        studentId: ines._id,
      }),
    );
    const calls = homeApi({ pending: json(page({ notes: oldest }, 91)) });
    await renderHome();
    const block = region(SIGNED_NOTES_MSG.pendingTitle);
    expect(await within(block).findByText(SIGNED_NOTES_MSG.pendingCount(91))).toBeInTheDocument();
    expect(within(block).getAllByRole('listitem')).toHaveLength(3);
    expect(block).toHaveTextContent(formatShortDateTime(oldest[0]!.createdAt, ZONE));
    const asked = calls.find((call) => call.path === '/api/clinical-notes/pending-signature');
    expect(asked?.search).toBe('?pageSize=3');
    await userEvent.click(
      within(block).getByRole('link', { name: SIGNED_NOTES_MSG.pendingViewAll(91) }),
    );
    expect(await landing()).toBe(`pendientes ${BASE}/pending-notes`);
  });

  it('opens the student’s notes at a pending note', async () => {
    const note = makeNoteListing({ student: ines, studentId: ines._id });
    homeApi({ pending: json(page({ notes: [note] }, 1)) });
    await renderHome();
    const block = region(SIGNED_NOTES_MSG.pendingTitle);
    await userEvent.click(await within(block).findByRole('link', { name: 'Inés Vega' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${ines._id}?nota=${note._id}`);
  });

  it('never shows what a note says, even when an answer carries it', async () => {
    const secret = 'Refiere ideación suicida desde el examen de anatomía.';
    const withText = { ...makeNoteListing({ student: ines, studentId: ines._id }), note: secret };
    homeApi({
      pending: json(page({ notes: [withText] }, 1)),
      recent: json({ ok: true, notes: [withText] }),
    });
    await renderHome();
    const recent = region(MSG.home.recentNotes);
    expect(await within(recent).findByRole('link', { name: 'Inés Vega' })).toBeInTheDocument();
    await within(region(SIGNED_NOTES_MSG.pendingTitle)).findByRole('link', { name: 'Inés Vega' });
    expect(document.body).not.toHaveTextContent(secret.slice(0, 20));
  });

  it('shows the three latest notes by student and date, each opening the student’s notes at it', async () => {
    const notes = Array.from({ length: 5 }, (_, index) =>
      makeNoteListing({
        createdAt: `2026-03-0${5 - index}T14:30:00.000Z`,
        student: index === 0 ? omar : ines,
        studentId: index === 0 ? omar._id : ines._id,
      }),
    );
    homeApi({ recent: json({ ok: true, notes }) });
    await renderHome();
    const block = region(MSG.home.recentNotes);
    await within(block).findByRole('link', { name: 'Omar Pozo' });
    expect(within(block).getAllByRole('listitem')).toHaveLength(3);
    expect(block).toHaveTextContent(formatShortDateTime(notes[0]!.createdAt, ZONE));
    await userEvent.click(within(block).getByRole('link', { name: 'Omar Pozo' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${omar._id}?nota=${notes[0]!._id}`);
  });

  it('says when a list is empty, and when it cannot be loaded', async () => {
    homeApi({
      today: new Response('', { status: 500 }),
      pending: json({ ok: false, msg: 'Error' }, 500),
    });
    await renderHome();
    expect(await screen.findByText(MSG.home.noRecentNotes)).toBeInTheDocument();
    expect(await screen.findByText(MSG.appointments.loadError)).toBeInTheDocument();
    expect(await screen.findByText(SIGNED_NOTES_MSG.pendingError)).toBeInTheDocument();
    expect(screen.getByText(MSG.appointments.noneUpcoming)).toBeInTheDocument();
  });

  it('says when every note is signed', async () => {
    homeApi();
    await renderHome();
    const block = region(SIGNED_NOTES_MSG.pendingTitle);
    await waitFor(() => expect(block).toHaveTextContent(SIGNED_NOTES_MSG.pendingNone));
  });
});
