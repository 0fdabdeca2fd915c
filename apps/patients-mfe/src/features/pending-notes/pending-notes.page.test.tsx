import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTimeIn, MSG } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json, makeNoteListing } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import PendingNotesPage from './pending-notes.page';

const ZONE = 'America/Guayaquil';
const ines = { _id: 'b7a1c2d3-0000-4000-8000-000000000001', firstName: 'Inés', lastName: 'Vega' };

/** 45 pending notes, oldest first, served 20 a page as the server would. */
const notes = Array.from({ length: 45 }, (_, index) =>
  makeNoteListing({
    createdAt: new Date(Date.UTC(2026, 2, 1, 14, index)).toISOString(),
    student: ines,
    studentId: ines._id,
  }),
);

function pendingApi(answer?: (page: number, pageSize: number) => Response): RecordedCall[] {
  return stubApi((call) => {
    if (call.path === '/api/service') return json({ ok: true, service: { timeZone: ZONE } });
    if (call.path !== '/api/clinical-notes/pending-signature') return undefined;
    const params = new URLSearchParams(call.search);
    const page = Number(params.get('page') ?? 1);
    const pageSize = Number(params.get('pageSize') ?? 50);
    if (answer) return answer(page, pageSize);
    const slice = notes.slice((page - 1) * pageSize, page * pageSize);
    return json({ ok: true, notes: slice, total: notes.length, page, pageSize });
  });
}

function renderList(search = '') {
  return renderScreen(<PendingNotesPage />, {
    route: `${BASE}/pending-notes${search}`,
    path: `${BASE}/pending-notes`,
    otherRoutes: [
      { path: BASE, element: <Landing name="inicio" /> },
      { path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> },
    ],
  });
}

const pagesAsked = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.path === '/api/clinical-notes/pending-signature')
    .map((call) => Object.fromEntries(new URLSearchParams(call.search)));

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Notas pendientes de firma', the list of them all", () => {
  it('shows the first page, oldest first, with the total, and what to do with them', async () => {
    const calls = pendingApi();
    await renderList();
    expect(
      screen.getByRole('heading', { level: 1, name: SIGNED_NOTES_MSG.pendingTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(SIGNED_NOTES_MSG.pendingIntro)).toBeInTheDocument();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(20);
    expect(rows[0]).toHaveTextContent(
      SIGNED_NOTES_MSG.pendingSince(formatDateTimeIn(notes[0]!.createdAt, ZONE)),
    );
    const pages = screen.getByRole('navigation', { name: SIGNED_NOTES_MSG.pendingPages });
    expect(pages).toHaveTextContent(
      `${MSG.audit.pageOf(1, 3)} · ${SIGNED_NOTES_MSG.pendingCount(45)}`,
    );
    expect(pagesAsked(calls)).toEqual([{ page: '1', pageSize: '20' }]);
  });

  it('opens the page the address names, and moves on from it', async () => {
    const calls = pendingApi();
    await renderList('?page=2');
    await screen.findAllByRole('listitem');
    expect(pagesAsked(calls)).toEqual([{ page: '2', pageSize: '20' }]);
    const pages = screen.getByRole('navigation', { name: SIGNED_NOTES_MSG.pendingPages });
    await userEvent.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(pages).toHaveTextContent(MSG.audit.pageOf(3, 3)));
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
    expect(pagesAsked(calls).at(-1)).toEqual({ page: '3', pageSize: '20' });
  });

  it('goes back to the last page when the one in the address is past it', async () => {
    const calls = pendingApi();
    await renderList('?page=9');
    await waitFor(() => expect(pagesAsked(calls).at(-1)).toEqual({ page: '3', pageSize: '20' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
  });

  it("opens the student's notes at the note, where it is signed", async () => {
    pendingApi();
    await renderList();
    const [first] = await screen.findAllByRole('listitem');
    await userEvent.click(within(first!).getByRole('link', { name: 'Inés Vega' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${ines._id}?nota=${notes[0]!._id}`);
  });

  it('never shows what a note says, even when an answer carries it', async () => {
    const secret = 'Refiere ideación suicida desde el examen de anatomía.';
    pendingApi((page, pageSize) =>
      json({ ok: true, notes: [{ ...notes[0]!, note: secret }], total: 1, page, pageSize }),
    );
    await renderList();
    await screen.findByRole('link', { name: 'Inés Vega' });
    expect(document.body).not.toHaveTextContent(secret.slice(0, 20));
  });

  it('says so when every note is signed, and when the list cannot be loaded', async () => {
    pendingApi((page, pageSize) => json({ ok: true, notes: [], total: 0, page, pageSize }));
    await renderList();
    expect(await screen.findByText(SIGNED_NOTES_MSG.pendingNone)).toBeInTheDocument();
    document.body.innerHTML = '';
    pendingApi(() => json({ ok: false, msg: 'Error' }, 500));
    await renderList();
    expect(await screen.findByText(SIGNED_NOTES_MSG.pendingError)).toBeInTheDocument();
  });

  it('leads back to the home', async () => {
    pendingApi();
    await renderList();
    await userEvent.click(screen.getByRole('link', { name: /Volver al inicio/ }));
    expect(await landing()).toBe(`inicio ${BASE}`);
  });
});
