import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, formatDateTimeIn, MSG } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeAppointment, makeRecentNote } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import PsychologistHomePage from './psychologist-home.page';

function at(daysFromNow: number, hour = 12) {
  const date = new Date();
  date.setDate(date.getDate() + daysFromNow);
  date.setHours(hour, 0, 0, 0);
  return date.toISOString();
}

const student = {
  _id: 'b7a1c2d3-0000-4000-8000-000000000001',
  firstName: 'Inés',
  lastName: 'Vega',
};

function homeApi(
  options: { appointments?: unknown; notes?: unknown; pending?: unknown; zone?: string } = {},
) {
  return stubApi((call) => {
    if (call.path === '/api/appointments') {
      return (options.appointments as Response | undefined) ?? json({ ok: true, appointments: [] });
    }
    if (call.path === '/api/clinical-notes/recent') {
      return (options.notes as Response | undefined) ?? json({ ok: true, notes: [] });
    }
    if (call.path === '/api/clinical-notes/pending-signature') {
      return (options.pending as Response | undefined) ?? json({ ok: true, notes: [] });
    }
    if (call.path === '/api/service' && options.zone) {
      return json({ ok: true, service: { timeZone: options.zone } });
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
    ],
  });
}

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

  it("shows today's appointments and the next ones, not the past", async () => {
    homeApi({
      appointments: json({
        ok: true,
        appointments: [
          makeAppointment({ date: at(-3), reason: 'Ya pasó', student, studentId: student._id }),
          makeAppointment({
            date: at(5),
            reason: 'La semana próxima',
            student,
            studentId: student._id,
          }),
          makeAppointment({
            date: at(0, 23),
            reason: 'Esta noche',
            student,
            studentId: student._id,
          }),
        ],
      }),
    });
    await renderHome();
    const today = screen.getByRole('region', { name: MSG.home.today });
    expect(await within(today).findByText('Esta noche', { exact: false })).toBeInTheDocument();
    expect(today).toHaveTextContent(formatDateTime(at(0, 23)));
    const upcoming = screen.getByRole('region', { name: MSG.home.upcoming });
    expect(upcoming).toHaveTextContent('La semana próxima');
    expect(upcoming).not.toHaveTextContent('Esta noche');
    expect(screen.queryByText('Ya pasó', { exact: false })).not.toBeInTheDocument();

    await userEvent.click(within(today).getByRole('link', { name: 'Inés Vega' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${student._id}`);
  });

  it('says so when there are no appointments today or later', async () => {
    homeApi();
    await renderHome();
    expect(await screen.findByText(MSG.home.noneToday)).toBeInTheDocument();
    expect(screen.getByText(MSG.appointments.noneUpcoming)).toBeInTheDocument();
  });

  it('shows the 5 most recent notes with their students', async () => {
    const notes = Array.from({ length: 6 }, (_, index) =>
      makeRecentNote({ note: `Nota número ${index + 1}`, student }),
    );
    homeApi({ notes: json({ ok: true, notes }) });
    await renderHome();
    const block = screen.getByRole('region', { name: MSG.home.recentNotes });
    expect(await within(block).findByText('Nota número 1')).toBeInTheDocument();
    expect(within(block).getAllByRole('listitem')).toHaveLength(5);
    expect(within(block).queryByText('Nota número 6')).not.toBeInTheDocument();
    await userEvent.click(within(block).getAllByRole('link', { name: 'Inés Vega' })[0]!);
    expect(await landing()).toBe(`detalle ${BASE}/patients/${student._id}#notas`);
  });

  it('says when there are no notes yet, and when the lists cannot be loaded', async () => {
    homeApi({ appointments: new Response('', { status: 500 }) });
    await renderHome();
    expect(await screen.findByText(MSG.home.noRecentNotes)).toBeInTheDocument();
    expect(await screen.findByText(MSG.appointments.loadError)).toBeInTheDocument();
  });

  it('lists the own notes pending signature, each opening the student’s notes, and shows no such block when none is', async () => {
    const pending = makeRecentNote({
      note: 'Sin firmar desde ayer.',
      createdAt: '2026-03-02T02:30:00.000Z',
      student,
    });
    homeApi({ pending: json({ ok: true, notes: [pending] }), zone: 'America/Guayaquil' });
    await renderHome();
    const block = await screen.findByRole('region', { name: SIGNED_NOTES_MSG.pendingTitle });
    expect(block).toHaveTextContent('Sin firmar desde ayer.');
    await waitFor(() =>
      expect(block).toHaveTextContent(
        SIGNED_NOTES_MSG.pendingSince(formatDateTimeIn(pending.createdAt, 'America/Guayaquil')),
      ),
    );
    await userEvent.click(within(block).getByRole('link', { name: 'Inés Vega' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${student._id}#notas`);
  });

  it('shows no pending-signature block when every note is signed', async () => {
    homeApi();
    await renderHome();
    expect(await screen.findByText(MSG.home.noRecentNotes)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: SIGNED_NOTES_MSG.pendingTitle })).toBeNull();
  });
});
