import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type ClinicalNote } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json, makeDetail, makeNote } from '../../../testing/fixtures';
import { alertDialog, answerAlert, BASE, renderScreen } from '../../../testing/render';
import StudentDetailPage from '../student-detail.page';

/*
 * A student followed for years (docs/screens-and-routes.md#student-detail):
 * 'Notas clínicas' shows 20 notes at a time, the newest first, with
 * 'Anterior' / 'Página X de Y · N notas' / 'Siguiente'; the first page comes
 * with the student, the others from GET /api/students/:id/clinical-notes;
 * a link to one note opens the page that holds it.
 */

const SERVICE_ZONE = 'America/Guayaquil';
const PAGE_SIZE = 20;

/** 45 notes, newest first, as the server orders them. */
function notesOfYears(count: number): ClinicalNote[] {
  return Array.from({ length: count }, (_, index) =>
    makeNote({
      note: `Sesión número ${count - index}.`,
      createdAt: new Date(Date.UTC(2026, 2, 1) - index * 7 * 86_400_000).toISOString(),
    }),
  );
}

/** A server with the student's notes in `notes` (newest first), which the tests may change. */
function notesServer(initial: ClinicalNote[]) {
  const base = makeDetail({ firstName: 'Valentina', lastName: 'Ríos' });
  const state = { notes: initial.map((note) => ({ ...note, studentId: base._id })) };
  const student = () => ({
    ...base,
    clinicalNotes: state.notes.slice(0, PAGE_SIZE),
    clinicalNotesTotal: state.notes.length,
  });
  const pageOf = (call: RecordedCall) => {
    const params = new URLSearchParams(call.search);
    const pageSize = Number(params.get('pageSize') ?? PAGE_SIZE);
    const around = params.get('around');
    if (around !== null && !/^[0-9a-f-]{36}$/.test(around)) {
      return json({ ok: false, msg: MSG.api.invalidQuery }, 400);
    }
    const index = around ? state.notes.findIndex((note) => note._id === around) : -1;
    const page = around
      ? Math.floor(Math.max(index, 0) / pageSize) + 1
      : Number(params.get('page') ?? 1);
    const notes = state.notes.slice((page - 1) * pageSize, page * pageSize);
    return json({ ok: true, notes, total: state.notes.length, page, pageSize });
  };
  const calls = stubApi((call) => {
    const notesPath = `/api/students/${base._id}/clinical-notes`;
    if (call.method === 'GET' && call.path === `/api/students/${base._id}`) {
      return json({ ok: true, student: student() });
    }
    if (call.method === 'GET' && call.path === notesPath) return pageOf(call);
    if (call.method === 'POST' && call.path === notesPath) {
      const note = makeNote({ note: 'La nota de hoy.', studentId: base._id });
      state.notes = [note, ...state.notes];
      return json({ ok: true, msg: MSG.notes.added, note }, 201);
    }
    if (call.method === 'POST' && call.path.endsWith('/sign')) {
      const id = call.path.split('/').at(-2);
      state.notes = state.notes.map((note) =>
        note._id === id
          ? { ...note, signedAt: '2026-03-02T15:00:00.000Z', signedBy: note.createdBy }
          : note,
      );
      return json({
        ok: true,
        msg: SIGNED_NOTES_MSG.signed,
        note: state.notes.find((n) => n._id === id),
      });
    }
    if (call.method === 'GET' && call.path === '/api/service') {
      return json({ ok: true, service: { timeZone: SERVICE_ZONE } });
    }
    if (call.method === 'GET' && call.path === '/api/appointments') {
      return json({ ok: true, appointments: [] });
    }
    return undefined;
  });
  return { calls, studentId: base._id, notes: () => state.notes };
}

/** The pages of notes the screen asked the server for, as their query parameters. */
const pagesAsked = (calls: RecordedCall[], studentId: string) =>
  calls
    .filter(
      (call) => call.method === 'GET' && call.path === `/api/students/${studentId}/clinical-notes`,
    )
    .map((call) => Object.fromEntries(new URLSearchParams(call.search)));

async function renderDetail(studentId: string, search = '') {
  const rendered = await renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${studentId}${search}`,
    path: `${BASE}/patients/:id`,
  });
  await screen.findByRole('heading', { level: 1, name: 'Valentina Ríos' });
  return rendered;
}

const notesSection = () =>
  screen.getByRole('heading', { level: 2, name: MSG.notes.title }).closest('section')!;
const pages = () => screen.getByRole('navigation', { name: MSG.notes.pagesLabel });
const shownNotes = () =>
  within(notesSection())
    .getAllByText(/^Sesión número \d+\.$|^La nota de hoy\.$/)
    .map((element) => element.textContent);

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Notas clínicas' of a student with many notes", () => {
  it('shows the newest 20 that come with the student, the page and the total, asking for nothing more', async () => {
    const server = notesServer(notesOfYears(45));
    await renderDetail(server.studentId);
    expect(shownNotes()).toHaveLength(20);
    expect(shownNotes()[0]).toBe('Sesión número 45.');
    expect(pages()).toHaveTextContent(`${MSG.audit.pageOf(1, 3)} · ${MSG.notes.total(45)}`);
    expect(within(pages()).getByRole('button', { name: /Anterior/ })).toBeDisabled();
    expect(pagesAsked(server.calls, server.studentId)).toEqual([]);
  });

  it("moves with 'Siguiente' and 'Anterior', the page kept in the address", async () => {
    const server = notesServer(notesOfYears(45));
    const { location } = await renderDetail(server.studentId);
    await userEvent.click(within(pages()).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(shownNotes()[0]).toBe('Sesión número 25.'));
    expect(pages()).toHaveTextContent(MSG.audit.pageOf(2, 3));
    // The address follows the page after it renders.
    await waitFor(() => expect(location()).toBe(`${BASE}/patients/${server.studentId}?notas=2`));
    expect(pagesAsked(server.calls, server.studentId)).toEqual([{ page: '2', pageSize: '20' }]);

    await userEvent.click(within(pages()).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() =>
      expect(shownNotes()).toEqual([
        'Sesión número 5.',
        'Sesión número 4.',
        'Sesión número 3.',
        'Sesión número 2.',
        'Sesión número 1.',
      ]),
    );
    expect(within(pages()).getByRole('button', { name: /Siguiente/ })).toBeDisabled();

    await userEvent.click(within(pages()).getByRole('button', { name: /Anterior/ }));
    await userEvent.click(within(pages()).getByRole('button', { name: /Anterior/ }));
    await waitFor(() => expect(shownNotes()[0]).toBe('Sesión número 45.'));
    await waitFor(() => expect(location()).toBe(`${BASE}/patients/${server.studentId}`));
  });

  it('opens the page the address names, and the last one when it names a page past it', async () => {
    const server = notesServer(notesOfYears(45));
    await renderDetail(server.studentId, '?notas=9');
    await waitFor(() => expect(pages()).toHaveTextContent(MSG.audit.pageOf(3, 3)));
    expect(shownNotes()[0]).toBe('Sesión número 5.');
    expect(pagesAsked(server.calls, server.studentId)).toEqual([
      { page: '9', pageSize: '20' },
      { page: '3', pageSize: '20' },
    ]);
  });

  it('says "1 nota" and shows one page for a student with a single note', async () => {
    const server = notesServer(notesOfYears(1));
    await renderDetail(server.studentId);
    expect(pages()).toHaveTextContent(`${MSG.audit.pageOf(1, 1)} · 1 nota`);
  });
});

describe('a link to one note (`?nota=`, from the home and the pending notes)', () => {
  it('opens the page that holds a note past the first, with the note in view and focused', async () => {
    const server = notesServer(notesOfYears(45));
    const linked = server.notes()[26]!;
    const { location } = await renderDetail(server.studentId, `?nota=${linked._id}`);
    const item = await within(notesSection()).findByText(linked.note);
    await waitFor(() => expect(item.closest('li')).toHaveFocus());
    expect(item.closest('li')).toHaveAttribute('aria-current', 'true');
    expect(pages()).toHaveTextContent(MSG.audit.pageOf(2, 3));
    await waitFor(() =>
      expect(location()).toBe(`${BASE}/patients/${server.studentId}?nota=${linked._id}&notas=2`),
    );
    // The page that holds it is asked for once, by the note.
    expect(pagesAsked(server.calls, server.studentId)).toEqual([
      { around: linked._id, pageSize: '20' },
    ]);

    // Moving on leaves the link behind: the first page stays the first.
    await userEvent.click(within(pages()).getByRole('button', { name: /Anterior/ }));
    await waitFor(() => expect(shownNotes()[0]).toBe('Sesión número 45.'));
    await waitFor(() => expect(location()).toBe(`${BASE}/patients/${server.studentId}`));
    expect(pagesAsked(server.calls, server.studentId)).toHaveLength(1);
  });

  it('focuses a note of the first page without asking for any page', async () => {
    const server = notesServer(notesOfYears(45));
    const linked = server.notes()[3]!;
    await renderDetail(server.studentId, `?nota=${linked._id}`);
    await waitFor(() =>
      expect(within(notesSection()).getByText(linked.note).closest('li')).toHaveFocus(),
    );
    expect(pagesAsked(server.calls, server.studentId)).toEqual([]);
  });

  it.each([
    ['a note that is no longer there', '00000000-0000-4000-8000-000000000000'],
    ['a link the server refuses', 'nota-1'],
  ])('shows the first page, and drops the link, for %s', async (_case, linked) => {
    const server = notesServer(notesOfYears(45));
    const { location } = await renderDetail(server.studentId, `?nota=${linked}`);
    await waitFor(() => expect(location()).toBe(`${BASE}/patients/${server.studentId}`));
    expect(shownNotes()[0]).toBe('Sesión número 45.');
    expect(pages()).toHaveTextContent(MSG.audit.pageOf(1, 3));
    expect(screen.queryByText(MSG.notes.pageError)).toBeNull();
  });
});

describe('writing on any page', () => {
  it('signs a note of the second page: that page and the detail are read again', async () => {
    const server = notesServer(notesOfYears(45));
    await renderDetail(server.studentId, '?notas=2');
    const draft = server.notes()[22]!;
    const item = (await within(notesSection()).findByText(draft.note)).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: /Firmar nota/ }));
    await answerAlert(SIGNED_NOTES_MSG.signConfirm);
    expect(await alertDialog()).toHaveTextContent(SIGNED_NOTES_MSG.signed);
    await answerAlert();
    await waitFor(() => expect(pagesAsked(server.calls, server.studentId)).toHaveLength(2));
    await waitFor(() =>
      expect(
        within(within(notesSection()).getByText(draft.note).closest('li')!).queryByRole('button', {
          name: /Firmar nota/,
        }),
      ).toBeNull(),
    );
    expect(pages()).toHaveTextContent(MSG.audit.pageOf(2, 3));
  });

  it('a new note written from another page shows the first page, where it goes, and the total grown', async () => {
    const server = notesServer(notesOfYears(45));
    const { location } = await renderDetail(server.studentId, '?notas=3');
    await waitFor(() => expect(shownNotes()[0]).toBe('Sesión número 5.'));
    await userEvent.click(screen.getByRole('button', { name: MSG.students.addNote }));
    const modal = screen.getByRole('dialog', { name: MSG.notes.newTitle });
    await userEvent.type(within(modal).getByLabelText(/^Nota/), 'La nota de hoy.');
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.save }));
    expect(await alertDialog()).toHaveTextContent(MSG.notes.added);
    await answerAlert();
    await waitFor(() => expect(shownNotes()[0]).toBe('La nota de hoy.'));
    expect(pages()).toHaveTextContent(`${MSG.audit.pageOf(1, 3)} · ${MSG.notes.total(46)}`);
    await waitFor(() => expect(location()).toBe(`${BASE}/patients/${server.studentId}`));
  });
});
