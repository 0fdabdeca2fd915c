import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, MSG, type StudentSummary } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { deferred, stubApi } from '@psicocampus/shared/testing';
import { json, makeStudent, manyStudents } from '../../testing/fixtures';
import { fakeLayout } from '../../testing/layout';
import {
  alertDialog,
  answerAlert,
  BASE,
  Landing,
  landing,
  renderScreen,
} from '../../testing/render';
import PatientsListPage from './patients-list.page';

const jose = makeStudent({ firstName: 'José', lastName: 'Pérez', career: 'Psicología' });
const maria = makeStudent({
  firstName: 'María José',
  lastName: 'Castillo',
  email: 'mj.castillo@uni.test',
  career: 'Medicina',
});
const luis = makeStudent({ firstName: 'Luis', lastName: 'Ñáñez', career: 'Derecho' });

function listApi(students: StudentSummary[]) {
  return stubApi((call) =>
    call.method === 'GET' && call.path === '/api/students'
      ? json({ ok: true, students, total: students.length })
      : undefined,
  );
}

function renderList() {
  return renderScreen(<PatientsListPage />, {
    route: `${BASE}/patients`,
    path: `${BASE}/patients`,
    otherRoutes: [{ path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> }],
  });
}

/** The data rows the table has in the DOM (not its header row). */
function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
}

function search(text: string) {
  return userEvent.type(screen.getByRole('searchbox', { name: MSG.students.searchLabel }), text);
}

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeLayout();
});
afterEach(() => {
  restoreLayout();
  document.body.innerHTML = '';
});

describe('Mis Pacientes (docs/screens-and-routes.md#patients-list)', () => {
  it('shows the total and one row per student: initials and name, e-mail, career', async () => {
    listApi([jose, maria, luis]);
    await renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Pacientes' })).toBeInTheDocument();
    expect(await screen.findByText('3 pacientes')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: MSG.students.tableLabel });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Estudiante', 'Nivel de riesgo↕', 'Email', 'Carrera', 'Acciones']);
    const row = bodyRows().find((candidate) => candidate.textContent?.includes('María José'))!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('MC');
    expect(cells[0]).toHaveTextContent('María José Castillo');
    expect(cells[1]).toHaveTextContent('Sin evaluación');
    expect(cells[2]).toHaveTextContent('mj.castillo@uni.test');
    expect(cells[3]).toHaveTextContent('Medicina');
    for (const action of ['Editar', 'Notas', 'Agendar']) {
      expect(
        within(cells[4]!).getByRole('button', { name: `${action} (María José Castillo)` }),
      ).toBeInTheDocument();
    }
  });

  it('finds "José" when searching "jose": case and accents are ignored', async () => {
    listApi([jose, maria, luis]);
    await renderList();
    await screen.findByText('3 pacientes');
    await search('JOSE');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('José Pérez')).toBeInTheDocument();
    expect(screen.getByText('María José Castillo')).toBeInTheDocument();
    expect(screen.queryByText('Luis Ñáñez')).not.toBeInTheDocument();
    expect(screen.getByText(MSG.students.matches(2))).toHaveAttribute('role', 'status');
  });

  it('searches last names too ("nanez" finds Ñáñez), and the total stays the caseload', async () => {
    listApi([jose, maria, luis]);
    await renderList();
    await screen.findByText('3 pacientes');
    await search('nanez');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('Luis Ñáñez');
    expect(screen.getByText('3 pacientes')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    listApi([jose, maria]);
    await renderList();
    await screen.findByText('2 pacientes');
    await search('zzz');
    expect(await screen.findByText(MSG.students.noResults)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('invites to add or import the first student when there are none', async () => {
    listApi([]);
    await renderList();
    expect(await screen.findByText(MSG.students.empty)).toBeInTheDocument();
    expect(screen.getByText('0 pacientes')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows "Cargando pacientes..." while the list loads', async () => {
    const answer = deferred<Response>();
    stubApi(() => answer.promise);
    await renderList();
    expect(screen.getByText(MSG.students.loadingList)).toBeInTheDocument();
    await act(async () => answer.resolve(json({ ok: true, students: [jose], total: 1 })));
    expect(await screen.findByText('1 paciente')).toBeInTheDocument();
    expect(screen.queryByText(MSG.students.loadingList)).not.toBeInTheDocument();
  });

  it('says "Error al cargar los pacientes: " and the message when the list fails', async () => {
    stubApi(() => json({ ok: false, msg: 'La base de datos no responde.' }, 503));
    await renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al cargar los pacientes: La base de datos no responde.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('renders only the visible rows of 5,000 students, and still searches them all', async () => {
    const students = manyStudents(5000);
    // Redux's development-only checks time themselves on a 5,000-row answer; not this test's concern.
    const warn = console.warn;
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('InvariantMiddleware')) warn(...args);
    });
    listApi(students);
    await renderList();
    expect(await screen.findByText('5000 pacientes')).toBeInTheDocument();

    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(50);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');

    await search('apellido4999');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]).toHaveTextContent('Nombre4999 Apellido4999');
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '2');
  });

  it('opens the student detail when a row is clicked', async () => {
    listApi([jose, maria]);
    await renderList();
    await userEvent.click(await screen.findByText('José Pérez'));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${jose._id}`);
  });

  it('opens the student detail with Enter on a focused row', async () => {
    listApi([jose, maria]);
    await renderList();
    await screen.findByText('María José Castillo');
    const row = bodyRows().find((candidate) => candidate.textContent?.includes('María José'))!;
    act(() => row.focus());
    await userEvent.keyboard('{Enter}');
    expect(await landing()).toBe(`detalle ${BASE}/patients/${maria._id}`);
  });

  it("opens the student's notes with 'Notas'", async () => {
    listApi([jose]);
    await renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Notas (José Pérez)' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${jose._id}#notas`);
    // …asking the detail to open the new-note modal.
    expect(screen.getByTestId('landing')).toHaveAttribute('data-state', '{"writeNote":true}');
  });

  it("opens the appointment form for the row's student with 'Agendar'", async () => {
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === '/api/students') {
        return json({ ok: true, students: [jose], total: 1 });
      }
      if (call.method === 'POST' && call.path === '/api/appointments') {
        return json({ ok: true, msg: 'Cita agendada', appointment: {} }, 201);
      }
      return undefined;
    });
    await renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Agendar (José Pérez)' }));
    const modal = screen.getByRole('dialog', { name: 'Agendar cita: José Pérez' });
    await userEvent.type(within(modal).getByLabelText(/^Motivo/), 'Primera entrevista');
    const date = within(modal).getByLabelText(/^Fecha y hora/);
    await userEvent.type(date, '2031-02-03T09:30');
    await userEvent.click(within(modal).getByRole('button', { name: MSG.appointments.submit }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        studentId: jose._id,
        date: new Date('2031-02-03T09:30').toISOString(),
        reason: 'Primera entrevista',
        notes: '',
      }),
    );
    expect(await alertDialog()).toHaveTextContent(MSG.appointments.scheduled);
    await answerAlert();
    expect(screen.queryByRole('dialog', { name: 'Agendar cita: José Pérez' })).toBeNull();
  });
});

describe("Mis Pacientes: each student's current level", () => {
  const grave = makeStudent({
    firstName: 'Ana',
    lastName: 'Grave',
    latestRisk: { assessmentId: 'a1', level: 'MUY_ALTO', assessedAt: '2026-03-05T15:00:00.000Z' },
  });
  const none = makeStudent({ firstName: 'Bruno', lastName: 'Nuevo', latestRisk: null });
  const calm = makeStudent({
    firstName: 'Carla',
    lastName: 'Calma',
    latestRisk: { assessmentId: 'a2', level: 'BAJO', assessedAt: '2026-02-01T15:00:00.000Z' },
  });
  const high = makeStudent({
    firstName: 'Diego',
    lastName: 'Alto',
    latestRisk: { assessmentId: 'a3', level: 'ALTO', assessedAt: '2026-01-20T15:00:00.000Z' },
  });
  // The API's order: by name.
  const caseload = [grave, none, calm, high];
  const firstNames = () =>
    bodyRows().map((row) => row.textContent?.match(/Ana|Bruno|Carla|Diego/)?.[0]);

  it("shows the level in words with the assessment's date, and 'Sin evaluación' where there is none", async () => {
    listApi(caseload);
    await renderList();
    await screen.findByText('4 pacientes');
    const rowOf = (name: string) => bodyRows().find((row) => row.textContent?.includes(name))!;
    const cell = within(rowOf('Ana Grave')).getAllByRole('cell')[1]!;
    expect(cell).toHaveTextContent(MSG.assessment.levels.MUY_ALTO);
    expect(cell).toHaveTextContent(formatDate('2026-03-05T15:00:00.000Z'));
    expect(within(rowOf('Bruno Nuevo')).getAllByRole('cell')[1]).toHaveTextContent(
      MSG.currentRisk.none,
    );
  });

  it("shows the level in force first, marked as the clinician's, the scale's beside it; and filters by it, saying so", async () => {
    const judged = makeStudent({
      firstName: 'Elsa',
      lastName: 'Juicio',
      latestRisk: {
        assessmentId: 'a5',
        level: 'BAJO',
        assessedAt: '2026-03-06T15:00:00.000Z',
        clinicianLevel: 'MUY_ALTO',
      },
    });
    listApi([...caseload, judged]);
    await renderList();
    await screen.findByText('5 pacientes');
    const row = bodyRows().find((r) => r.textContent?.includes('Elsa Juicio'))!;
    const cell = within(row).getAllByRole('cell')[1]!;
    // What the psychologist decided comes first and is the badge of the level in force.
    const inForce = cell.querySelector('[data-level-in-force]')!;
    expect(inForce).toHaveAttribute('data-level-in-force', 'MUY_ALTO');
    expect(inForce).toHaveTextContent(
      new RegExp(`^\\W*${MSG.assessment.levels.MUY_ALTO}\\W*${CLINICIAN_LEVEL_MSG.inForceMark}$`),
    );
    // Then the scale's, named as the scale's: 'Muy alto · Clínico  Escala: Bajo  6 de marzo de 2026'.
    const text = cell.textContent ?? '';
    expect(text.indexOf(MSG.assessment.levels.MUY_ALTO)).toBeLessThan(
      text.indexOf(CLINICIAN_LEVEL_MSG.engineShort),
    );
    expect(text.indexOf(CLINICIAN_LEVEL_MSG.engineShort)).toBeLessThan(
      text.indexOf(MSG.assessment.levels.BAJO),
    );
    expect(cell).toHaveTextContent(formatDate('2026-03-06T15:00:00.000Z'));

    const filter = screen.getByRole('combobox', { name: MSG.currentRisk.filterLabel });
    expect(filter).toHaveAccessibleDescription(CLINICIAN_LEVEL_MSG.listBasis);
    await userEvent.selectOptions(filter, MSG.assessment.levels.MUY_ALTO);
    await waitFor(() =>
      expect(bodyRows().map((r) => r.textContent?.match(/Ana|Elsa/)?.[0])).toEqual(['Ana', 'Elsa']),
    );
    await userEvent.selectOptions(filter, MSG.assessment.levels.BAJO);
    await waitFor(() =>
      expect(bodyRows().map((r) => r.textContent?.match(/Carla|Elsa/)?.[0])).toEqual(['Carla']),
    );
  });

  it("says once a level the clinician confirmed, not the scale's again", async () => {
    const confirmed = makeStudent({
      firstName: 'Fabio',
      lastName: 'Confirma',
      latestRisk: {
        assessmentId: 'a6',
        level: 'ALTO',
        assessedAt: '2026-03-07T15:00:00.000Z',
        clinicianLevel: 'ALTO',
      },
    });
    listApi([confirmed]);
    await renderList();
    await screen.findByText('1 paciente');
    const cell = within(bodyRows()[0]!).getAllByRole('cell')[1]!;
    expect(cell.querySelector('[data-level-in-force]')).toHaveAttribute(
      'data-level-in-force',
      'ALTO',
    );
    expect(cell).toHaveTextContent(CLINICIAN_LEVEL_MSG.inForceMarkSame);
    expect(cell).not.toHaveTextContent(CLINICIAN_LEVEL_MSG.engineShort);
    expect(within(cell).getAllByText(MSG.assessment.levels.ALTO)).toHaveLength(1);
  });

  it("shows the scale's level alone, unmarked, where no clinician's level is recorded", async () => {
    listApi(caseload);
    await renderList();
    await screen.findByText('4 pacientes');
    const row = bodyRows().find((r) => r.textContent?.includes('Ana Grave'))!;
    const cell = within(row).getAllByRole('cell')[1]!;
    expect(cell.querySelector('[data-level-in-force]')).toHaveAttribute(
      'data-level-in-force',
      'MUY_ALTO',
    );
    expect(cell).not.toHaveTextContent(CLINICIAN_LEVEL_MSG.inForceMark);
    expect(cell).not.toHaveTextContent(CLINICIAN_LEVEL_MSG.engineShort);
  });

  it("sorts by level with the column's button: most severe first, then least severe first, then as it was", async () => {
    listApi(caseload);
    await renderList();
    await screen.findByText('4 pacientes');
    const header = screen.getByRole('columnheader', { name: /Nivel de riesgo/ });
    const sort = within(header).getByRole('button');
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(firstNames()).toEqual(['Ana', 'Bruno', 'Carla', 'Diego']);

    await userEvent.click(sort);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(firstNames()).toEqual(['Ana', 'Diego', 'Carla', 'Bruno']);

    await userEvent.click(sort);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(firstNames()).toEqual(['Carla', 'Diego', 'Ana', 'Bruno']);

    await userEvent.click(sort);
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(firstNames()).toEqual(['Ana', 'Bruno', 'Carla', 'Diego']);
  });

  it("filters by level next to the search, 'Sin evaluación' included, together with the search", async () => {
    listApi(caseload);
    await renderList();
    await screen.findByText('4 pacientes');
    const filter = screen.getByRole('combobox', { name: MSG.currentRisk.filterLabel });
    expect(within(screen.getByRole('search')).getByRole('combobox')).toBe(filter);

    await userEvent.selectOptions(filter, MSG.assessment.levels.ALTO);
    expect(firstNames()).toEqual(['Diego']);
    expect(screen.getByText(MSG.students.matches(1))).toHaveAttribute('role', 'status');

    await userEvent.selectOptions(filter, MSG.currentRisk.none);
    expect(firstNames()).toEqual(['Bruno']);

    await search('carla');
    expect(await screen.findByText(MSG.students.noResults)).toBeInTheDocument();

    await userEvent.selectOptions(filter, MSG.currentRisk.filterAll);
    await waitFor(() => expect(firstNames()).toEqual(['Carla']));
    expect(screen.getByText('4 pacientes')).toBeInTheDocument();
  });

  it('keeps 5,000 students virtualised when sorted and filtered by level', async () => {
    const levels = ['ALTO', null, 'BAJO', 'MUY_ALTO'] as const;
    const students = manyStudents(5000).map((student, index) => {
      const level = levels[index % levels.length]!;
      return {
        ...student,
        latestRisk: level && {
          assessmentId: `e${index}`,
          level,
          assessedAt: '2026-03-01T10:00:00.000Z',
        },
      };
    });
    const warn = console.warn;
    jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('InvariantMiddleware')) warn(...args);
    });
    listApi(students);
    await renderList();
    expect(await screen.findByText('5000 pacientes')).toBeInTheDocument();

    await userEvent.click(
      within(screen.getByRole('columnheader', { name: /Nivel de riesgo/ })).getByRole('button'),
    );
    let rendered = bodyRows();
    expect(rendered.length).toBeLessThan(50);
    expect(rendered[0]).toHaveTextContent(MSG.assessment.levels.MUY_ALTO);

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: MSG.currentRisk.filterLabel }),
      MSG.currentRisk.none,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '1251');
    rendered = bodyRows();
    expect(rendered.length).toBeLessThan(50);
    expect(rendered.every((row) => row.textContent?.includes(MSG.currentRisk.none))).toBe(true);
  });
});
