import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { RECORD_EXPORT_MSG } from '@psicocampus/shared/record-export';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json, makeDetail, makeNote } from '../../../testing/fixtures';
import { alertDialog, answerAlert, BASE, renderScreen, session } from '../../../testing/render';
import { appointmentPageAnswer } from '../appointments/appointment-pages.stub';
import StudentDetailPage from '../student-detail.page';

const S = RECORD_EXPORT_MSG.screen;

const student = makeDetail({ firstName: 'Valentina', lastName: 'Ríos' }, [
  makeNote({ note: 'Duerme mejor desde la última sesión.' }),
]);
const PDF_NAME = 'expediente_valentina-rios_2026-03-10.pdf';
const FHIR_NAME = 'expediente_valentina-rios_2026-03-10.json';

/** A file the test hands out a piece at a time, as a slow connection would. */
function slowFile(type: string, name: string, size: number | null) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
    },
  });
  const headers: Record<string, string> = {
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
  };
  if (size !== null) headers['content-length'] = String(size);
  return {
    response: new Response(body, { headers }),
    send: (bytes: string) => controller.enqueue(new TextEncoder().encode(bytes)),
    end: () => controller.close(),
  };
}

/** The detail's calls, and the export's answer from `exportAnswer`. */
function exportApi(exportAnswer: (call: RecordedCall) => Response) {
  return stubApi((call) => {
    if (call.path === `/api/students/${student._id}`) return json({ ok: true, student });
    if (call.path === '/api/service') {
      return json({ ok: true, service: { timeZone: 'America/Guayaquil' } });
    }
    if (call.path === '/api/appointments') return json(appointmentPageAnswer(call, []));
    if (call.path.startsWith(`/api/students/${student._id}/export/`)) return exportAnswer(call);
    return undefined;
  });
}

/** The names the browser was asked to save files under. */
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

/** The detail, with 'Historia completa' opened: its panel. */
async function openExport() {
  await renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${student._id}`,
    path: `${BASE}/patients/:id`,
  });
  const toggle = await screen.findByRole('button', { name: S.action });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return { toggle, panel: screen.getByRole('region', { name: S.action }) };
}

const exportCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.includes('/export/'));

describe("'Historia completa' on the student detail (docs/screens-and-routes.md#student-detail)", () => {
  it("downloads the PDF through the psychologist's call, with the session, showing how far it is", async () => {
    const file = slowFile('application/pdf', PDF_NAME, 10);
    const calls = exportApi(() => file.response);
    const { panel } = await openExport();
    await userEvent.click(within(panel).getByRole('button', { name: S.download('PDF') }));

    file.send('%PDF-');
    expect(
      await within(panel).findByRole('progressbar', { name: S.progress('PDF', 5, 10) }),
    ).toHaveAttribute('value', '5');
    // One download at a time: the other button waits.
    const fhir = within(panel).getByRole('button', { name: S.download('FHIR (JSON)') });
    expect(fhir).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(fhir);

    file.send('1.7\n');
    file.send('%');
    file.end();
    await waitFor(() => expect(saved).toEqual([PDF_NAME]));
    await waitFor(() => expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument());
    const [call, ...others] = exportCalls(calls);
    expect(others).toEqual([]);
    expect(call).toMatchObject({ method: 'GET', path: `/api/students/${student._id}/export/pdf` });
    expect(call!.search).toBe('');
    expect(call!.headers.get('x-token')).toBe(session.token);
    // Nothing else on the page went.
    expect(screen.getByText('Duerme mejor desde la última sesión.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.students.addNote })).toBeInTheDocument();
  });

  it('downloads the FHIR Bundle, whose size is unknown until it ends: it says how much arrived', async () => {
    const file = slowFile('application/fhir+json', FHIR_NAME, null);
    const calls = exportApi(() => file.response);
    const { panel } = await openExport();
    await userEvent.click(within(panel).getByRole('button', { name: S.download('FHIR (JSON)') }));

    file.send('x'.repeat(3 * 1024));
    const bar = await within(panel).findByRole('progressbar', {
      name: S.progress('FHIR (JSON)', 3 * 1024, null),
    });
    expect(bar).not.toHaveAttribute('value');
    file.end();
    await waitFor(() => expect(saved).toEqual([FHIR_NAME]));
    expect(exportCalls(calls).map((call) => call.path)).toEqual([
      `/api/students/${student._id}/export/fhir`,
    ]);
  });

  it("shows the server's Spanish sentence on a 413 and saves nothing; the page stays as it was", async () => {
    const tooLarge = RECORD_EXPORT_MSG.tooLarge(6_000, 120_000, 5_000, 5_000_000);
    exportApi(() => apiError(413, tooLarge));
    const { panel, toggle } = await openExport();
    await userEvent.click(within(panel).getByRole('button', { name: S.download('PDF') }));

    expect(await alertDialog()).toHaveTextContent(tooLarge);
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    await answerAlert();
    expect(saved).toEqual([]);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Duerme mejor desde la última sesión.')).toBeInTheDocument();
  });

  it('says the download failed when the server sends no sentence', async () => {
    exportApi(() => new Response('', { status: 500 }));
    const { panel } = await openExport();
    await userEvent.click(within(panel).getByRole('button', { name: S.download('FHIR (JSON)') }));
    expect(await alertDialog()).toHaveTextContent(S.downloadError);
    await answerAlert();
  });

  it('works from the keyboard: Enter opens it, Escape closes it and goes back to its button', async () => {
    const file = slowFile('application/pdf', PDF_NAME, 4);
    const calls = exportApi(() => file.response);
    await renderScreen(<StudentDetailPage />, {
      route: `${BASE}/patients/${student._id}`,
      path: `${BASE}/patients/:id`,
    });
    const toggle = await screen.findByRole('button', { name: S.action });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const panel = screen.getByRole('region', { name: S.action });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    await userEvent.tab();
    expect(within(panel).getByRole('button', { name: S.download('PDF') })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    file.send('%PDF');
    file.end();
    await waitFor(() => expect(saved).toEqual([PDF_NAME]));
    expect(exportCalls(calls)).toHaveLength(1);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: S.action })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
