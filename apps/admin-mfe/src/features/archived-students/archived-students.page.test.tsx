import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type ArchivedStudentRow } from '@psicocampus/shared';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import {
  apiError,
  invited,
  json,
  lucia,
  makeArchivedStudent,
  retired,
  tomas,
} from '../../testing/fixtures';
import { alertDialog, answerAlert, renderScreen } from '../../testing/render';
import ArchivedStudentsPage from './archived-students.page';
import { ARCHIVED_PAGE_SIZE } from './use-archived-students';

const T = ADMIN_MSG.archived;

const olga = makeArchivedStudent({ firstName: 'Olga', lastName: 'Quispe' });
const bruno = makeArchivedStudent({
  firstName: 'Bruno',
  lastName: 'Salas',
  archivedBy: null,
  records: { notes: 1, assessments: 0, safetyPlanRevisions: 0, appointments: 1 },
});

/** The archived students the server keeps; a restore takes one out, as it would. */
function archivedApi(restore?: (call: RecordedCall) => Response, kept = [olga, bruno]) {
  let students: ArchivedStudentRow[] = kept;
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/users') {
      return json({ ok: true, users: [lucia, tomas, retired, invited] });
    }
    if (call.method === 'GET' && call.path === '/api/admin/students/archived') {
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
    const match = /^\/api\/admin\/students\/([^/]+)\/restore$/.exec(call.path);
    if (call.method === 'POST' && match) {
      const answer = restore?.(call);
      if (answer?.ok) students = students.filter((student) => student._id !== match[1]);
      return answer;
    }
    return undefined;
  });
}

async function renderArchived() {
  await renderScreen(<ArchivedStudentsPage />, 'archived-students');
  return screen.findByRole('table', { name: T.caption });
}

const row = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Estudiantes archivados' (docs/screens-and-routes.md#admin-area)", () => {
  it('shows each archived student with dates, who archived them and counts of records, by page with the total', async () => {
    const calls = archivedApi();
    const table = await renderArchived();
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    const olgaRow = row('Olga Quispe');
    expect(olgaRow).toHaveTextContent(olga.email);
    expect(olgaRow).toHaveTextContent('Lucía Fernández');
    expect(olgaRow).toHaveTextContent(T.records(3, 1, 2, 4));
    expect(row('Bruno Salas')).toHaveTextContent(T.unknownArchiver);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent(ADMIN_MSG.studentsTotal(2));
    const asked = calls.find((call) => call.path === '/api/admin/students/archived');
    expect(Object.fromEntries(new URLSearchParams(asked!.search))).toEqual({
      page: '1',
      pageSize: String(ARCHIVED_PAGE_SIZE),
    });
  });

  it('says when there is none', async () => {
    archivedApi(undefined, []);
    await renderScreen(<ArchivedStudentsPage />, 'archived-students');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('restores a student to another psychologist after the reassignment-style question, then the row leaves', async () => {
    const calls = archivedApi(() =>
      json({ ok: true, msg: T.restored('Olga Quispe', 'Tomás Herrera'), student: {} }),
    );
    await renderArchived();
    // Only psychologists who may hold students are offered; the one who archived comes first chosen.
    const choice = within(row('Olga Quispe')).getByRole('combobox', {
      name: T.restoreTo('Olga Quispe'),
    });
    expect(choice).toHaveValue(lucia._id);
    const offered = within(choice)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual([MSG.common.selectPlaceholder, 'Lucía Fernández', 'Tomás Herrera']);
    await userEvent.selectOptions(choice, tomas._id);
    await userEvent.click(within(row('Olga Quispe')).getByRole('button', { name: /Restaurar/ }));

    const question = await alertDialog();
    expect(question).toHaveTextContent(T.restoreTitle);
    expect(question).toHaveTextContent(T.restoreText('Olga Quispe', 'Tomás Herrera'));
    expect(question).toHaveTextContent(T.restoreNotice('Lucía Fernández'));
    await answerAlert(T.restoreConfirm);

    expect(await alertDialog()).toHaveTextContent(T.restored('Olga Quispe', 'Tomás Herrera'));
    await answerAlert();
    const restore = calls.find((call) => call.method === 'POST');
    expect(restore).toMatchObject({
      path: `/api/admin/students/${olga._id}/restore`,
      body: { psychologistId: tomas._id },
    });
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /Olga Quispe/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('status')).toHaveTextContent(ADMIN_MSG.studentsTotal(1));
  });

  it("changes nothing when the question is answered 'Cancelar'", async () => {
    const calls = archivedApi(() => json({ ok: true, msg: 'ok', student: {} }));
    await renderArchived();
    await userEvent.click(within(row('Olga Quispe')).getByRole('button', { name: /Restaurar/ }));
    const question = await alertDialog();
    // Back to the psychologist who archived her: nobody else to tell.
    expect(question).not.toHaveTextContent(T.restoreNotice('Lucía Fernández'));
    await answerAlert(MSG.common.cancel);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(row('Olga Quispe')).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the student", async () => {
    archivedApi(() => apiError(409, ADMIN_MSG.psychologistInactive));
    await renderArchived();
    await userEvent.click(within(row('Olga Quispe')).getByRole('button', { name: /Restaurar/ }));
    await answerAlert(T.restoreConfirm);
    expect(await alertDialog()).toHaveTextContent(ADMIN_MSG.psychologistInactive);
    await answerAlert();
    expect(row('Olga Quispe')).toBeInTheDocument();
  });
});
