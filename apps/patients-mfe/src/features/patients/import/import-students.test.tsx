import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { stubApi } from '@psicocampus/shared/testing';
import { installFakeUpload, type FakeUpload } from '../../../testing/fake-upload';
import { json, makeStudent } from '../../../testing/fixtures';
import { fakeLayout } from '../../../testing/layout';
import { alertDialog, BASE, renderScreen, session } from '../../../testing/render';
import PatientsListPage from '../patients-list.page';

const M = MSG.import;

function xlsx(name = 'estudiantes.xlsx', bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

let uploads: FakeUpload[];
let restoreUpload: () => void;
let restoreLayout: () => void;

beforeEach(() => {
  ({ uploads, restore: restoreUpload } = installFakeUpload());
  restoreLayout = fakeLayout();
});
afterEach(() => {
  restoreUpload();
  restoreLayout();
  document.body.innerHTML = '';
});

async function renderImport() {
  const calls = stubApi((call) =>
    call.method === 'GET' && call.path === '/api/students'
      ? json({ ok: true, students: [makeStudent()], total: 1 })
      : undefined,
  );
  await renderScreen(<PatientsListPage />, { route: `${BASE}/patients`, path: `${BASE}/patients` });
  await screen.findByText('1 paciente');
  const block = screen.getByRole('region', { name: M.title });
  return { calls, block };
}

async function chooseAndImport(block: HTMLElement, file = xlsx()) {
  await userEvent.upload(within(block).getByLabelText(M.fileLabel), file);
  await userEvent.click(within(block).getByRole('button', { name: M.submit }));
}

describe('importing students from Excel (docs/screens-and-routes.md#patients-list and docs/import-and-reports.md#import)', () => {
  it('offers a labelled picker for .xlsx and .xls, and "Importar" only once a file is chosen', async () => {
    const { block } = await renderImport();
    const input = within(block).getByLabelText(M.fileLabel);
    expect(input).toHaveAttribute('type', 'file');
    expect(input.getAttribute('accept')).toContain('.xlsx');
    expect(input.getAttribute('accept')).toContain('.xls,');
    expect(within(block).getByRole('button', { name: M.submit })).toBeDisabled();
    await userEvent.upload(input, xlsx());
    expect(within(block).getByRole('button', { name: M.submit })).toBeEnabled();
  });

  it('uploads the file with the session token, showing "Subiendo..." and the real progress', async () => {
    const { block } = await renderImport();
    await chooseAndImport(block);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/api/students/import' });
    expect(uploads[0]!.headers['x-token']).toBe(session.token);
    expect((uploads[0]!.body!.get('file') as File).name).toBe('estudiantes.xlsx');

    expect(within(block).getByRole('button', { name: M.submitting })).toBeDisabled();
    await act(async () => uploads[0]!.progress(40));
    const bar = within(block).getByRole('progressbar', { name: M.progress(40) });
    expect(bar).toHaveAttribute('value', '40');
    await act(async () => uploads[0]!.progress(100));
    expect(within(block).getByRole('progressbar')).toHaveAttribute('value', '100');

    await act(async () =>
      uploads[0]!.respond(200, { ok: true, msg: '', created: 2, duplicates: [] }),
    );
    expect(within(block).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("says the server's message, and refreshes the list", async () => {
    const { block, calls } = await renderImport();
    await chooseAndImport(block);
    await act(async () =>
      uploads[0]!.respond(200, {
        ok: true,
        msg: 'Se importaron 12 estudiantes.',
        created: 12,
        duplicates: [],
      }),
    );
    expect(within(block).getByRole('status')).toHaveTextContent('Se importaron 12 estudiantes.');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/students')).toHaveLength(2),
    );
    // The picker is emptied, so the same file is not sent twice by accident.
    expect(within(block).getByRole('button', { name: M.submit })).toBeDisabled();
  });

  it('says "Estudiantes importados con éxito" without a message, and lists the e-mails already registered', async () => {
    const { block } = await renderImport();
    await chooseAndImport(block);
    await act(async () =>
      uploads[0]!.respond(201, {
        ok: true,
        created: 3,
        duplicates: [
          { row: 4, email: 'ana@uni.test' },
          { row: 9, email: 'luis@uni.test' },
        ],
      }),
    );
    const result = within(block).getByRole('status');
    expect(result).toHaveTextContent(M.success);
    expect(result).toHaveTextContent(M.duplicates(2));
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ana@uni.test', 'luis@uni.test']);
  });

  it('lists every problem of a refused file, row by row', async () => {
    // The server's sentence (SERVER_MSG.import.invalidRows), shown as it comes.
    const refused = 'El archivo tiene 2 problemas; no se importó ningún estudiante.';
    const { block } = await renderImport();
    await chooseAndImport(block);
    await act(async () =>
      uploads[0]!.respond(400, {
        ok: false,
        msg: refused,
        errors: [
          { row: 3, column: 'email', field: 'email', msg: MSG.students.emailInvalid },
          { row: 7, column: 'age', field: 'age', msg: MSG.students.ageRange },
        ],
      }),
    );
    const alert = within(block).getByRole('alert');
    expect(alert).toHaveTextContent(refused);
    expect(alert).toHaveTextContent(M.rowProblems);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      M.rowProblem(3, 'email', MSG.students.emailInvalid),
      M.rowProblem(7, 'age', MSG.students.ageRange),
    ]);
  });

  it('says "Error al importar estudiantes" when the server gives no message', async () => {
    const { block } = await renderImport();
    await chooseAndImport(block);
    await act(async () => uploads[0]!.respond(502, '<html>Bad gateway</html>'));
    expect(within(block).getByRole('alert')).toHaveTextContent(M.failure);
    expect(within(block).getByRole('button', { name: M.submit })).toBeEnabled();
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    const { block } = await renderImport();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(within(block).getByLabelText(M.fileLabel), xlsx('notas.txt'));
    await user.click(within(block).getByRole('button', { name: M.submit }));
    expect(within(block).getByRole('alert')).toHaveTextContent(M.wrongType);
    expect(uploads).toHaveLength(0);
  });

  it('says how to save a LibreOffice file as .xlsx, as the server would, before sending it', async () => {
    const { block } = await renderImport();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(within(block).getByLabelText(M.fileLabel), xlsx('estudiantes.ODS'));
    await user.click(within(block).getByRole('button', { name: M.submit }));
    expect(within(block).getByRole('alert')).toHaveTextContent(M.odsFile);
    expect(uploads).toHaveLength(0);
  });

  it("downloads the template, under a heading that says to read each column's comments", async () => {
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    URL.createObjectURL = jest.fn(() => 'blob:plantilla');
    URL.revokeObjectURL = jest.fn();
    const calls = stubApi((call) => {
      if (call.path === '/api/students') return json({ ok: true, students: [], total: 0 });
      if (call.path === '/api/students/import/template') {
        return new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'content-disposition': 'attachment; filename="plantilla_usuarios.xlsx"' },
        });
      }
      return undefined;
    });
    await renderScreen(<PatientsListPage />, {
      route: `${BASE}/patients`,
      path: `${BASE}/patients`,
    });
    const block = await screen.findByRole('region', { name: M.title });
    expect(within(block).getByRole('heading', { name: M.templateHeading })).toBeInTheDocument();
    await userEvent.click(within(block).getByRole('button', { name: M.templateLink }));

    await waitFor(() => expect(saved).toEqual(['plantilla_usuarios.xlsx']));
    const download = calls.find((call) => call.path === '/api/students/import/template')!;
    expect(download.headers.get('x-token')).toBe(session.token);
    click.mockRestore();
  });

  it('says so when the template cannot be downloaded', async () => {
    stubApi((call) =>
      call.path === '/api/students'
        ? json({ ok: true, students: [], total: 0 })
        : new Response('', { status: 500 }),
    );
    await renderScreen(<PatientsListPage />, {
      route: `${BASE}/patients`,
      path: `${BASE}/patients`,
    });
    await userEvent.click(await screen.findByRole('button', { name: M.templateLink }));
    expect(await alertDialog()).toHaveTextContent(M.templateError);
  });
});
