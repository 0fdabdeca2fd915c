import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type Student } from '@psicocampus/shared';
import { draftKey } from '@psicocampus/shared/forms';
import { stubApi, testPsychologist, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json, makeDetail, makeNote } from '../../../testing/fixtures';
import { alertDialog, answerAlert, BASE, renderScreen } from '../../../testing/render';
import StudentDetailPage from '../student-detail.page';

/*
 * Nothing a clinician types is lost: the note being written is
 * kept as a draft of this tab, a session that ends shows no error dialog,
 * the draft opens again with the student, and closing asks first.
 */

const student: Student = makeDetail({ firstName: 'Valentina', lastName: 'Ríos' });
const noteDraft = draftKey(testPsychologist.id, `note:${student._id}:new`);
const TEXT = 'Refiere insomnio desde el inicio del semestre.';

function detailApi(save: (call: RecordedCall) => Response = () => json({ ok: true }, 201)) {
  return stubApi((call) => {
    if (call.method === 'POST') return save(call);
    if (call.method === 'GET' && call.path === `/api/students/${student._id}`) {
      return json({ ok: true, student });
    }
    if (call.method === 'GET' && call.path === '/api/appointments') {
      return json({ ok: true, appointments: [] });
    }
    return undefined;
  });
}

async function renderDetail() {
  const rendered = await renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${student._id}`,
    path: `${BASE}/patients/:id`,
  });
  await screen.findByRole('heading', { level: 1, name: 'Valentina Ríos' });
  return rendered;
}

async function openNewNote() {
  await userEvent.click(screen.getByRole('button', { name: MSG.students.addNote }));
  return screen.getByRole('dialog', { name: MSG.notes.newTitle });
}

const noteModal = () => screen.queryByRole('dialog', { name: MSG.notes.newTitle });
const stored = () => sessionStorage.getItem(noteDraft);

beforeEach(() => sessionStorage.clear());

describe('a note being written when the session ends', () => {
  it('is kept in this tab, and the 401 shows no "Error al guardar la nota"', async () => {
    detailApi(() => apiError(401, MSG.session.expired));
    const { store } = await renderDetail();
    const modal = await openNewNote();
    await userEvent.type(within(modal).getByLabelText(/^Nota/), TEXT);
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.save }));

    await waitFor(() => expect(store.getState().session.endReason).toBe('expired'));
    await waitFor(() => expect(JSON.parse(stored()!)).toEqual({ note: TEXT }));
    expect(document.querySelector('.swal2-popup')).toBeNull();
    expect(screen.queryByText(MSG.notes.saveError)).not.toBeInTheDocument();
    expect(JSON.stringify({ ...localStorage })).not.toContain('insomnio');
  });

  it('opens again with its text when the student is opened after signing in, and saving forgets it', async () => {
    sessionStorage.setItem(noteDraft, JSON.stringify({ note: TEXT }));
    const calls = detailApi();
    await renderDetail();

    const modal = noteModal()!;
    expect(modal).toBeInTheDocument();
    expect(within(modal).getByRole('status')).toHaveTextContent(MSG.drafts.restored);
    expect(within(modal).getByLabelText(/^Nota/)).toHaveValue(TEXT);

    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.save }));
    expect(await alertDialog()).toHaveTextContent(MSG.notes.added);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note: TEXT });
    await answerAlert();
    expect(noteModal()).not.toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it("never opens another user's draft", async () => {
    sessionStorage.setItem(
      draftKey('someone-else', `note:${student._id}:new`),
      JSON.stringify({ note: TEXT }),
    );
    detailApi();
    await renderDetail();
    expect(noteModal()).not.toBeInTheDocument();
  });
});

describe('closing the note modal asks first when something was typed', () => {
  it('closes without asking when nothing was typed', async () => {
    detailApi();
    await renderDetail();
    const modal = await openNewNote();
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.cancel }));
    expect(noteModal()).not.toBeInTheDocument();
    expect(document.querySelector('.swal2-popup')).toBeNull();
  });

  it.each([
    [
      'Cancelar',
      (modal: HTMLElement) =>
        within(modal).getByRole('button', { name: MSG.common.cancel }).click(),
    ],
    [
      '×',
      (modal: HTMLElement) =>
        within(modal).getByRole('button', { name: MSG.common.closeDialog }).click(),
    ],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
  ])(
    "asks '¿Descartar los cambios?' on %s: keeping on keeps the text, discarding forgets it",
    async (_how, close) => {
      detailApi();
      await renderDetail();
      const modal = await openNewNote();
      await userEvent.type(within(modal).getByLabelText(/^Nota/), TEXT);

      act(() => close(modal));
      expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
      await answerAlert(MSG.common.cancel);
      expect(within(noteModal()!).getByLabelText(/^Nota/)).toHaveValue(TEXT);

      act(() => close(noteModal()!));
      await answerAlert(MSG.drafts.discardConfirm);
      expect(noteModal()).not.toBeInTheDocument();
      expect(stored()).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: MSG.students.addNote }));
      expect(within(noteModal()!).getByLabelText(/^Nota/)).toHaveValue('');
    },
  );
});

// A correction's draft is its own: it does not open by itself, and is offered when that note is edited.
it('keeps a correction under its note', async () => {
  const mine = makeNote({ note: 'Texto firmado.' });
  const withNote = makeDetail({ firstName: 'Valentina', lastName: 'Ríos' }, [mine]);
  sessionStorage.setItem(
    draftKey(testPsychologist.id, `note:${withNote._id}:${mine._id}`),
    JSON.stringify({ note: 'Texto firmado. Corregido.' }),
  );
  stubApi((call) =>
    call.path === `/api/students/${withNote._id}`
      ? json({ ok: true, student: withNote })
      : call.path === '/api/appointments'
        ? json({ ok: true, appointments: [] })
        : undefined,
  );
  await renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${withNote._id}`,
    path: `${BASE}/patients/:id`,
  });
  await userEvent.click(await screen.findByRole('button', { name: /Editar nota/ }));
  const modal = screen.getByRole('dialog', { name: MSG.notes.editTitle });
  expect(within(modal).getByLabelText(/^Nota/)).toHaveValue('Texto firmado. Corregido.');
});
