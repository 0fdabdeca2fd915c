import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AdminStudentRow } from '@psicocampus/shared';
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

/** The students and psychologists the server has; an assignment changes them as it would. */
function assignmentApi(assign?: (call: RecordedCall) => Response) {
  let students: AdminStudentRow[] = [jose, maria, olga];
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/users') {
      return json({ ok: true, users: [lucia, tomas, retired, invited] });
    }
    if (call.method === 'GET' && call.path === '/api/admin/students') {
      return json({ ok: true, students, total: students.length });
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
    expect(screen.getByText(M.studentsShown(3, 3))).toBeInTheDocument();
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
    await waitFor(() => expect(studentQueries(calls)).toContainEqual({ psychologistId: 'none' }));

    await userEvent.selectOptions(filter, 'Tomás Herrera');
    await userEvent.type(screen.getByRole('searchbox', { name: M.searchStudentsLabel }), 'pér');
    await waitFor(() =>
      expect(studentQueries(calls)).toContainEqual({ q: 'pér', psychologistId: tomas._id }),
    );
  });

  it("shows only an import's students when the address names its batch, until told to show all", async () => {
    const batch = '5e1f2a3b-0000-4000-8000-00000000b47c';
    const calls = assignmentApi();
    await renderScreen(<StudentAssignment />, 'users', { search: `?batch=${batch}` });
    await screen.findByRole('table', { name: M.assignmentCaption });
    expect(screen.getByText(M.batchFilterActive)).toBeInTheDocument();
    expect(studentQueries(calls)).toEqual([{ batch }]);

    await userEvent.click(screen.getByRole('button', { name: M.batchFilterClear }));
    await waitFor(() => expect(studentQueries(calls).at(-1)).toEqual({}));
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
    expect(await alertDialog()).toHaveTextContent(M.notAPsychologist);
  });

  it('says so when no student matches', async () => {
    stubApi((call) =>
      call.path === '/api/admin/students'
        ? json({ ok: true, students: [], total: 0 })
        : json({ ok: true, users: [] }),
    );
    await renderScreen(<StudentAssignment />, 'users');
    expect(await screen.findByText(M.noStudents)).toBeInTheDocument();
  });
});
