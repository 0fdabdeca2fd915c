import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LIST_MAX_PAGE_SIZE,
  MSG,
  STAFF_CHOICES_LIMIT,
  type AdminStudentRow,
} from '@psicocampus/shared';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import {
  apiError,
  invited,
  json,
  lucia,
  makeAdminStudent,
  retired,
  staffRef,
  tomas,
} from '../../../testing/fixtures';
import { alertDialog, answerAlert, renderScreen } from '../../../testing/render';
import { StudentAssignment } from './student-assignment.component';
import { ASSIGNMENT_PAGE_SIZE } from './use-student-assignment';

const M = ADMIN_MSG;

const jose = makeAdminStudent({
  firstName: 'José',
  lastName: 'Pérez',
  email: 'jose.perez@uni.test',
  career: 'Psicología',
  careerLevel: 'TERCERO',
  assignedPsychologist: staffRef(lucia),
});
const maria = makeAdminStudent({
  firstName: 'María',
  lastName: 'Castillo',
  email: 'maria.castillo@uni.test',
  career: 'Medicina',
  careerLevel: 'SEPTIMO',
  assignedPsychologist: null,
});
const olga = makeAdminStudent({
  firstName: 'Olga',
  lastName: 'Ruiz',
  email: 'olga.ruiz@uni.test',
  career: 'Derecho',
  careerLevel: 'PRIMERO',
  assignedPsychologist: staffRef(retired),
});

/** One page of `students`, as the server answers `?page=&pageSize=`. */
function pageOf(students: AdminStudentRow[], call: RecordedCall): Response {
  const params = new URLSearchParams(call.search);
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 50);
  return json({
    ok: true,
    students: students.slice((page - 1) * pageSize, page * pageSize),
    total: students.length,
    page,
    pageSize,
  });
}

/** The students and psychologists the server has; an assignment changes them as it would. */
function assignmentApi(
  assign?: (call: RecordedCall) => Response,
  service: AdminStudentRow[] = [jose, maria, olga],
) {
  let students = service;
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/users') {
      return json({ ok: true, users: [lucia, tomas, retired, invited] });
    }
    if (call.method === 'GET' && call.path === '/api/admin/students') {
      return pageOf(students, call);
    }
    const match = /^\/api\/students\/([^/]+)\/assignment$/.exec(call.path);
    if (call.method === 'PUT' && match) {
      const answer = assign?.(call);
      if (answer?.ok) {
        const { psychologistId } = call.body as { psychologistId: string | null };
        const psychologist = [lucia, tomas].find((user) => user._id === psychologistId);
        students = students.map((student) =>
          student._id === match[1]
            ? { ...student, assignedPsychologist: psychologist ? staffRef(psychologist) : null }
            : student,
        );
      }
      return answer;
    }
    return undefined;
  });
  return calls;
}

async function renderAssignment() {
  await renderScreen(<StudentAssignment />, 'users');
  await screen.findByRole('table', { name: M.assignmentCaption });
}

/** The page the table asks for first. */
const firstPage = { page: '1', pageSize: String(ASSIGNMENT_PAGE_SIZE) };

function row(name: string): HTMLElement {
  return screen.getByRole('rowheader', { name }).closest('tr')!;
}

function studentQueries(calls: RecordedCall[]) {
  return calls
    .filter((call) => call.method === 'GET' && call.path === '/api/admin/students')
    .map((call) => Object.fromEntries(new URLSearchParams(call.search)));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the assignment of students (docs/screens-and-routes.md#admin-area)', () => {
  it("lists each student's name, e-mail, career, semester and psychologist, nothing clinical", async () => {
    assignmentApi();
    await renderAssignment();
    expect(screen.getByRole('heading', { level: 2, name: M.assignmentTitle })).toBeInTheDocument();
    const cells = (name: string) =>
      [...row(name).querySelectorAll('th, td')].slice(0, 5).map((cell) => cell.textContent);
    expect(cells('José Pérez')).toEqual([
      'José Pérez',
      'jose.perez@uni.test',
      'Psicología',
      'Tercero',
      'Lucía Fernández',
    ]);
    expect(cells('María Castillo')[3]).toBe('Séptimo');
    expect(cells('María Castillo')[4]).toBe(M.unassigned);
    expect(screen.getByText(M.studentsTotal(3))).toBeInTheDocument();
  });

  it('searches and filters by psychologist, the unassigned included', async () => {
    const calls = assignmentApi();
    await renderAssignment();
    const filter = screen.getByRole('combobox', { name: M.psychologistFilter });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      M.allPsychologists,
      M.unassigned,
      'Lucía Fernández',
      'Tomás Herrera',
      `Rosa Vega ${M.inactiveSuffix}`,
      // Filtering by an account whose invitation is pending is harmless: it holds no one.
      'Pablo Mora',
    ]);

    await userEvent.selectOptions(filter, M.unassigned);
    await waitFor(() =>
      expect(studentQueries(calls)).toContainEqual({ ...firstPage, psychologistId: 'none' }),
    );

    await userEvent.selectOptions(filter, 'Tomás Herrera');
    await userEvent.type(screen.getByRole('searchbox', { name: M.searchStudentsLabel }), 'pér');
    await waitFor(() =>
      expect(studentQueries(calls)).toContainEqual({
        ...firstPage,
        q: 'pér',
        psychologistId: tomas._id,
      }),
    );
  });

  it("shows only an import's students when the address names its batch, until told to show all", async () => {
    const batch = '5e1f2a3b-0000-4000-8000-00000000b47c';
    const calls = assignmentApi();
    await renderScreen(<StudentAssignment />, 'users', { search: `?batch=${batch}` });
    await screen.findByRole('table', { name: M.assignmentCaption });
    expect(screen.getByText(M.batchFilterActive)).toBeInTheDocument();
    expect(studentQueries(calls)).toEqual([{ ...firstPage, batch }]);

    await userEvent.click(screen.getByRole('button', { name: M.batchFilterClear }));
    await waitFor(() => expect(studentQueries(calls).at(-1)).toEqual(firstPage));
    expect(screen.queryByText(M.batchFilterActive)).not.toBeInTheDocument();
  });

  it('offers only active psychologists who accepted their invitation, and "Sin asignar"', async () => {
    assignmentApi();
    await renderAssignment();
    const select = within(row('José Pérez')).getByRole('combobox', {
      name: M.assignSelectLabel('José Pérez'),
    });
    expect(select).toHaveValue(lucia._id);
    expect(
      within(select)
        .getAllByRole('option')
        .filter((option) => !(option as HTMLOptionElement).disabled)
        .map((option) => option.textContent),
    ).toEqual(['Lucía Fernández', 'Tomás Herrera', M.unassigned]);
    // Nothing to do until another choice is made.
    expect(
      within(row('José Pérez')).getByRole('button', { name: 'Asignar (José Pérez)' }),
    ).toBeDisabled();
    // A student of a deactivated psychologist waits for a new one.
    expect(
      within(row('Olga Ruiz')).getByRole('combobox', { name: M.assignSelectLabel('Olga Ruiz') }),
    ).toHaveValue('');
  });

  it('asks for the psychologists to choose from in one call of at most one full page, never the whole staff', async () => {
    const calls = assignmentApi();
    await renderAssignment();
    const asked = calls
      .filter((call) => call.method === 'GET' && call.path === '/api/users')
      .map((call) => Object.fromEntries(new URLSearchParams(call.search)));
    expect(asked).toEqual([{ role: 'PSYCHOLOGIST', pageSize: String(STAFF_CHOICES_LIMIT) }]);
    expect(STAFF_CHOICES_LIMIT).toBe(LIST_MAX_PAGE_SIZE);
  });

  it('assigns with PUT …/assignment, says the server’s message and shows the list again', async () => {
    const message = 'María Castillo quedó asignado/a a Tomás Herrera.';
    const calls = assignmentApi(() => json({ ok: true, msg: message, student: maria }));
    await renderAssignment();
    await userEvent.selectOptions(
      within(row('María Castillo')).getByRole('combobox', {
        name: M.assignSelectLabel('María Castillo'),
      }),
      'Tomás Herrera',
    );
    await userEvent.click(
      within(row('María Castillo')).getByRole('button', { name: 'Asignar (María Castillo)' }),
    );

    expect(await alertDialog()).toHaveTextContent(message);
    await answerAlert();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/api/students/${maria._id}/assignment`);
    expect(put?.body).toEqual({ psychologistId: tomas._id });
    // The list is asked again after the change, and shows it.
    const putIndex = calls.indexOf(put!);
    await waitFor(() =>
      expect(calls.slice(putIndex).some((call) => call.path === '/api/admin/students')).toBe(true),
    );
    await waitFor(() =>
      expect(row('María Castillo').querySelectorAll('td')[3]).toHaveTextContent('Tomás Herrera'),
    );
  });

  it('leaves a student unassigned with psychologistId null', async () => {
    const calls = assignmentApi(() => json({ ok: true, msg: M.unassignedDone('José Pérez') }));
    await renderAssignment();
    await userEvent.selectOptions(
      within(row('José Pérez')).getByRole('combobox', { name: M.assignSelectLabel('José Pérez') }),
      M.unassigned,
    );
    await userEvent.click(
      within(row('José Pérez')).getByRole('button', { name: 'Asignar (José Pérez)' }),
    );
    expect(await alertDialog()).toHaveTextContent(M.unassignText('José Pérez', 'Lucía Fernández'));
    await answerAlert(M.unassignConfirm);
    expect(await alertDialog()).toHaveTextContent(M.unassignedDone('José Pérez'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ psychologistId: null });
  });

  it('shows a refusal as the server sends it', async () => {
    assignmentApi(() => apiError(400, M.notAPsychologist));
    await renderAssignment();
    await userEvent.selectOptions(
      within(row('Olga Ruiz')).getByRole('combobox', { name: M.assignSelectLabel('Olga Ruiz') }),
      'Lucía Fernández',
    );
    await userEvent.click(
      within(row('Olga Ruiz')).getByRole('button', { name: 'Asignar (Olga Ruiz)' }),
    );
    await answerAlert(M.reassignConfirm);
    expect(await alertDialog()).toHaveTextContent(M.notAPsychologist);
  });

  it('asks before taking a student from their psychologist, naming both; Cancelar changes nothing', async () => {
    const calls = assignmentApi(() => json({ ok: true, msg: M.assigned('José Pérez', 'Tomás') }));
    await renderAssignment();
    const select = within(row('José Pérez')).getByRole('combobox', {
      name: M.assignSelectLabel('José Pérez'),
    });
    await userEvent.selectOptions(select, 'Tomás Herrera');
    await userEvent.click(
      within(row('José Pérez')).getByRole('button', { name: 'Asignar (José Pérez)' }),
    );
    const dialog = await alertDialog();
    expect(dialog).toHaveTextContent(M.reassignTitle);
    expect(dialog).toHaveTextContent(
      M.reassignText('José Pérez', 'Lucía Fernández', 'Tomás Herrera'),
    );
    await answerAlert(MSG.common.cancel);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    // The row shows the assignment in force again.
    await waitFor(() => expect(select).toHaveValue(lucia._id));
    expect(row('José Pérez').querySelectorAll('td')[3]).toHaveTextContent('Lucía Fernández');

    await userEvent.selectOptions(select, 'Tomás Herrera');
    await userEvent.click(
      within(row('José Pérez')).getByRole('button', { name: 'Asignar (José Pérez)' }),
    );
    await answerAlert(M.reassignConfirm);
    await answerAlert();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      psychologistId: tomas._id,
    });
  });

  it('asks nothing before giving a student nobody held', async () => {
    const calls = assignmentApi(() => json({ ok: true, msg: 'Hecho.', student: maria }));
    await renderAssignment();
    await userEvent.selectOptions(
      within(row('María Castillo')).getByRole('combobox', {
        name: M.assignSelectLabel('María Castillo'),
      }),
      'Lucía Fernández',
    );
    await userEvent.click(
      within(row('María Castillo')).getByRole('button', { name: 'Asignar (María Castillo)' }),
    );
    expect(await alertDialog()).toHaveTextContent('Hecho.');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows a page at a time with the total, and starts again from the first page on a new search', async () => {
    const many = Array.from({ length: 45 }, (_, index) =>
      makeAdminStudent({
        firstName: 'Estudiante',
        lastName: `Apellido ${String(index + 1).padStart(2, '0')}`,
        assignedPsychologist: null,
      }),
    );
    const calls = assignmentApi(undefined, many);
    await renderAssignment();
    expect(screen.getAllByRole('rowheader')).toHaveLength(ASSIGNMENT_PAGE_SIZE);
    const pages = screen.getByRole('navigation', { name: M.assignmentPages });
    expect(pages).toHaveTextContent(`${MSG.audit.pageOf(1, 3)} · ${M.studentsTotal(45)}`);
    expect(screen.getByText(M.studentsTotal(45), { selector: 'p[role="status"]' })).toBeVisible();

    await userEvent.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await screen.findByRole('rowheader', { name: 'Estudiante Apellido 21' });
    expect(studentQueries(calls).at(-1)).toEqual({ page: '2', pageSize: firstPage.pageSize });

    await userEvent.type(screen.getByRole('searchbox', { name: M.searchStudentsLabel }), 'ap');
    await waitFor(() => expect(studentQueries(calls).at(-1)).toEqual({ ...firstPage, q: 'ap' }));
  });

  it('goes back a page when an assignment empties the last one', async () => {
    const waiting = Array.from({ length: ASSIGNMENT_PAGE_SIZE + 1 }, (_, index) =>
      makeAdminStudent({
        firstName: 'Estudiante',
        lastName: `Apellido ${String(index + 1).padStart(2, '0')}`,
        assignedPsychologist: null,
      }),
    );
    let students = waiting;
    const calls = stubApi((call) => {
      if (call.path === '/api/users') return json({ ok: true, users: [lucia, tomas] });
      if (call.method === 'PUT') {
        students = students.slice(0, -1);
        return json({ ok: true, msg: 'Asignado.' });
      }
      return call.path === '/api/admin/students' ? pageOf(students, call) : undefined;
    });
    await renderAssignment();
    const pages = screen.getByRole('navigation', { name: M.assignmentPages });
    await userEvent.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    const last = 'Estudiante Apellido 21';
    await screen.findByRole('rowheader', { name: last });
    await userEvent.selectOptions(
      within(row(last)).getByRole('combobox', { name: M.assignSelectLabel(last) }),
      'Lucía Fernández',
    );
    await userEvent.click(within(row(last)).getByRole('button', { name: `Asignar (${last})` }));
    await answerAlert();
    await screen.findByRole('rowheader', { name: 'Estudiante Apellido 01' });
    expect(studentQueries(calls).at(-1)).toEqual(firstPage);
  });

  it('says so when no student matches', async () => {
    stubApi((call) =>
      call.path === '/api/admin/students'
        ? json({ ok: true, students: [], total: 0, page: 1, pageSize: ASSIGNMENT_PAGE_SIZE })
        : json({ ok: true, users: [] }),
    );
    await renderScreen(<StudentAssignment />, 'users');
    expect(await screen.findByText(M.noStudents)).toBeInTheDocument();
  });
});
