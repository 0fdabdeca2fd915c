import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { RECORD_EXPORT_MSG } from '@psicocampus/shared/record-export';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json, lucia, makeArchivedStudent } from '../../testing/fixtures';
import { alertDialog, answerAlert, renderScreen, session } from '../../testing/render';
import ArchivedStudentsPage from './archived-students.page';

const S = RECORD_EXPORT_MSG.screen;
const olga = makeArchivedStudent({ firstName: 'Olga', lastName: 'Quispe' });
const bruno = makeArchivedStudent({ firstName: 'Bruno', lastName: 'Salas' });

/** The archived students, and the export's answer from `exportAnswer`. */
function exportApi(exportAnswer: (call: RecordedCall) => Response | Promise<Response>) {
  return stubApi((call) => {
    if (call.path === '/api/users') return json({ ok: true, users: [lucia] });
    if (call.path === '/api/admin/students/archived') {
      return json({ ok: true, students: [olga, bruno], total: 2, page: 1, pageSize: 20 });
    }
    if (/^\/api\/admin\/students\/[^/]+\/export\//.test(call.path)) return exportAnswer(call);
    return undefined;
  });
}

const pdfFile = () =>
  new Response('%PDF-1.7\n', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="expediente_olga-quispe_2026-03-10.pdf"',
    },
  });

async function renderArchived() {
  await renderScreen(<ArchivedStudentsPage />, 'archived-students');
  await screen.findByRole('table', { name: ADMIN_MSG.archived.caption });
}

const row = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

const exportCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.includes('/export/'));

let saved: string[];

beforeEach(() => {
  saved = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  URL.createObjectURL = jest.fn(() => 'blob:expediente');
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe("exporting an archived student's whole record (docs/api.md#record-export)", () => {
  it("asks first, saying the audit log records it; 'Cancelar' downloads nothing", async () => {
    const calls = exportApi(pdfFile);
    await renderArchived();
    await userEvent.click(
      within(row('Olga Quispe')).getByRole('button', { name: S.exportName('Olga Quispe', 'PDF') }),
    );
    const question = await alertDialog();
    expect(question).toHaveTextContent(S.confirmTitle);
    expect(question).toHaveTextContent(S.confirmText('Olga Quispe', 'PDF'));
    expect(question).toHaveTextContent(/auditoría/);
    await answerAlert(MSG.common.cancel);
    expect(exportCalls(calls)).toEqual([]);
    expect(saved).toEqual([]);
  });

  it("'Sí, exportar' downloads it with confirm=true, showing how far it is in that row", async () => {
    let send!: (answer: Response) => void;
    const calls = exportApi(() => new Promise<Response>((resolve) => (send = resolve)));
    await renderArchived();
    await userEvent.click(
      within(row('Olga Quispe')).getByRole('button', {
        name: S.exportName('Olga Quispe', 'FHIR (JSON)'),
      }),
    );
    await answerAlert(S.confirmButton);

    const bar = await within(row('Olga Quispe')).findByRole('progressbar', {
      name: S.progress('FHIR (JSON)', 0, null),
    });
    expect(bar).toBeInTheDocument();
    expect(within(row('Bruno Salas')).queryByRole('progressbar')).not.toBeInTheDocument();
    // One export at a time: another row's buttons wait.
    expect(
      within(row('Bruno Salas')).getByRole('button', { name: S.exportName('Bruno Salas', 'PDF') }),
    ).toHaveAttribute('aria-disabled', 'true');

    send(
      new Response('{"resourceType":"Bundle"}', {
        headers: {
          'content-type': 'application/fhir+json',
          'content-disposition': 'attachment; filename="expediente_olga-quispe_2026-03-10.json"',
        },
      }),
    );
    await waitFor(() => expect(saved).toEqual(['expediente_olga-quispe_2026-03-10.json']));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    const [call, ...others] = exportCalls(calls);
    expect(others).toEqual([]);
    expect(call).toMatchObject({
      method: 'GET',
      path: `/api/admin/students/${olga._id}/export/fhir`,
      search: '?confirm=true',
    });
    expect(call!.headers.get('x-token')).toBe(session.token);
  });

  it("shows the server's sentence when it refuses (a 413), and saves nothing", async () => {
    const tooLarge = RECORD_EXPORT_MSG.tooLarge(6_000, 120_000, 5_000, 5_000_000);
    exportApi(() => apiError(413, tooLarge));
    await renderArchived();
    await userEvent.click(
      within(row('Bruno Salas')).getByRole('button', { name: S.exportName('Bruno Salas', 'PDF') }),
    );
    await answerAlert(S.confirmButton);
    expect(await alertDialog()).toHaveTextContent(tooLarge);
    await answerAlert();
    expect(saved).toEqual([]);
    expect(row('Bruno Salas')).toBeInTheDocument();
  });
});
