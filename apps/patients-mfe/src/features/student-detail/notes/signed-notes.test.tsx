import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTimeIn, MSG, type ClinicalNote, type Student } from '@psicocampus/shared';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { colleague, json, makeDetail, makeNote, me } from '../../../testing/fixtures';
import { alertDialog, answerAlert, BASE, renderScreen } from '../../../testing/render';
import StudentDetailPage from '../student-detail.page';

/*
 * Signed notes and addenda on the student detail: the author
 * signs a draft after a warning; a signed note has no edit or delete, says
 * who signed it and when (the service's clock), and takes addenda.
 */

/** The service's zone (UTC-5), not the test machine's. */
const SERVICE_ZONE = 'America/Guayaquil';

function detailApi(student: Student, answer: (call: RecordedCall) => Response | undefined) {
  return stubApi((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === `/api/students/${student._id}`) {
      return json({ ok: true, student });
    }
    if (call.method === 'GET' && call.path === '/api/service') {
      return json({ ok: true, service: { timeZone: SERVICE_ZONE } });
    }
    if (call.method === 'GET' && call.path === '/api/appointments') {
      return json({ ok: true, appointments: [] });
    }
    return undefined;
  });
}

async function renderDetail(student: Student) {
  await renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${student._id}`,
    path: `${BASE}/patients/:id`,
  });
  await screen.findByRole('heading', {
    level: 1,
    name: `${student.firstName} ${student.lastName}`,
  });
}

function noteItem(text: string): HTMLElement {
  return screen.getByText(text).closest('li')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('signing a note', () => {
  it('offers "Firmar nota" on the author’s draft, warns first, and signs only once confirmed', async () => {
    const draft = makeNote({ note: 'Borrador de Lucía.' });
    const theirs = makeNote({ note: 'Borrador del colega.', createdBy: colleague });
    const student = makeDetail({}, [draft, theirs]);
    const calls = detailApi(student, (call) =>
      call.method === 'POST' && call.path.endsWith('/sign')
        ? json({ ok: true, msg: SIGNED_NOTES_MSG.signed, note: draft })
        : undefined,
    );
    await renderDetail(student);

    const mine = noteItem('Borrador de Lucía.');
    expect(mine).toHaveTextContent(SIGNED_NOTES_MSG.draft);
    expect(
      within(noteItem('Borrador del colega.')).queryByRole('button', { name: /Firmar nota/ }),
    ).toBeNull();

    await userEvent.click(within(mine).getByRole('button', { name: /Firmar nota/ }));
    const question = await alertDialog();
    expect(question).toHaveTextContent(SIGNED_NOTES_MSG.signText);
    await answerAlert(MSG.common.cancel);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.click(within(mine).getByRole('button', { name: /Firmar nota/ }));
    await answerAlert(SIGNED_NOTES_MSG.signConfirm);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        `/api/students/${student._id}/clinical-notes/${draft._id}/sign`,
      ]),
    );
    expect(await alertDialog()).toHaveTextContent(SIGNED_NOTES_MSG.signed);
  });

  it('shows a signed note as "Firmada por X el <fecha>" in the service’s zone, with no edit, delete or sign', async () => {
    const signed: ClinicalNote = makeNote({
      note: 'Nota firmada.',
      signedAt: '2026-03-03T02:30:00.000Z',
      signedBy: me,
    });
    const student = makeDetail({}, [signed]);
    detailApi(student, () => undefined);
    await renderDetail(student);

    const item = noteItem('Nota firmada.');
    // 02:30 UTC is still the evening before in Guayaquil.
    const line = SIGNED_NOTES_MSG.signedBy(
      `${me.firstName} ${me.lastName}`,
      formatDateTimeIn(signed.signedAt!, SERVICE_ZONE),
    );
    await waitFor(() => expect(item).toHaveTextContent(line));
    expect(line).toContain('2 de marzo');
    for (const name of [/Firmar nota/, new RegExp(MSG.notes.edit), new RegExp(MSG.notes.delete)]) {
      expect(within(item).queryByRole('button', { name })).toBeNull();
    }
    expect(item).not.toHaveTextContent(SIGNED_NOTES_MSG.draft);
  });
});

describe('addenda', () => {
  const signedWithAddendum = () =>
    makeNote({
      note: 'Nota con adendas.',
      signedAt: '2026-03-03T15:00:00.000Z',
      signedBy: me,
      addenda: [
        {
          _id: 'ad-1',
          text: 'Primera corrección.',
          createdAt: '2026-03-04T15:00:00.000Z',
          createdBy: colleague,
        },
      ],
    });
  const addendumBox = (item: HTMLElement) =>
    within(item).queryByRole('textbox', { name: new RegExp(SIGNED_NOTES_MSG.addendumLabel) });
  const openAddendum = (item: HTMLElement) =>
    userEvent.click(within(item).getByRole('button', { name: /^Agregar adenda/ }));

  it('lists a signed note’s addenda; the box opens on "Agregar adenda" and adds one, checked by the shared schema first', async () => {
    const signed: ClinicalNote = signedWithAddendum();
    const student = makeDetail({}, [signed, makeNote({ note: 'Un borrador.' })]);
    const calls = detailApi(student, (call) =>
      call.method === 'POST' && call.path.endsWith('/addenda')
        ? json(
            {
              ok: true,
              msg: SIGNED_NOTES_MSG.addendumAdded,
              addendum: {
                _id: 'ad-2',
                text: 'Otra',
                createdAt: '2026-03-05T15:00:00.000Z',
                createdBy: me,
              },
            },
            201,
          )
        : undefined,
    );
    await renderDetail(student);

    const item = noteItem('Nota con adendas.');
    expect(item).toHaveTextContent('Primera corrección.');
    // Once the service's zone is known, the date is its clock's.
    await waitFor(() =>
      expect(item).toHaveTextContent(
        SIGNED_NOTES_MSG.addendumBy(
          'Tomás Herrera',
          formatDateTimeIn('2026-03-04T15:00:00.000Z', SERVICE_ZONE),
        ),
      ),
    );
    // A draft takes no addendum; a signed note shows no box until asked for one.
    expect(within(noteItem('Un borrador.')).queryByRole('button', { name: /adenda/ })).toBeNull();
    expect(addendumBox(item)).toBeNull();

    await openAddendum(item);
    const field = addendumBox(item)!;
    expect(field).toHaveFocus();
    const save = within(item).getByRole('button', { name: SIGNED_NOTES_MSG.saveAddendum });
    await userEvent.click(save);
    expect(await within(item).findByText(SIGNED_NOTES_MSG.addendumRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(field, '  La sesión fue presencial.  ');
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        expect.objectContaining({
          path: `/api/students/${student._id}/clinical-notes/${signed._id}/addenda`,
          body: { text: 'La sesión fue presencial.' },
        }),
      ]),
    );
    expect(await alertDialog()).toHaveTextContent(SIGNED_NOTES_MSG.addendumAdded);
    await answerAlert();
    // Saved: the box closes, and "Agregar adenda" is there for the next one.
    await waitFor(() => expect(addendumBox(item)).toBeNull());
    expect(within(item).getByRole('button', { name: /^Agregar adenda/ })).toHaveFocus();
  });

  it('"Cancelar" closes an empty box at once, and asks "¿Descartar los cambios?" when something was typed', async () => {
    const student = makeDetail({}, [signedWithAddendum()]);
    detailApi(student, () => undefined);
    await renderDetail(student);
    const item = noteItem('Nota con adendas.');

    await openAddendum(item);
    await userEvent.click(within(item).getByRole('button', { name: MSG.common.cancel }));
    expect(addendumBox(item)).toBeNull();
    expect(document.querySelector('.swal2-popup')).toBeNull();

    await openAddendum(item);
    await userEvent.type(addendumBox(item)!, 'Corrección a medias');
    await userEvent.click(within(item).getByRole('button', { name: MSG.common.cancel }));
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(addendumBox(item)).toHaveValue('Corrección a medias');

    await userEvent.click(within(item).getByRole('button', { name: MSG.common.cancel }));
    await answerAlert(MSG.drafts.discardConfirm);
    await waitFor(() => expect(addendumBox(item)).toBeNull());
  });

  it('asks before leaving the screen with an addendum typed', async () => {
    const student = makeDetail({}, [signedWithAddendum()]);
    detailApi(student, () => undefined);
    const { location } = await renderScreen(<StudentDetailPage />, {
      route: `${BASE}/patients/${student._id}`,
      path: `${BASE}/patients/:id`,
    });
    const item = await waitFor(() => noteItem('Nota con adendas.'));
    await openAddendum(item);
    await userEvent.type(addendumBox(item)!, 'Corrección a medias');

    await userEvent.click(screen.getByRole('link', { name: new RegExp(MSG.students.backToList) }));
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(location()).toBe(`${BASE}/patients/${student._id}`);
    expect(addendumBox(item)).toHaveValue('Corrección a medias');
  });
});
