import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router-dom';
import {
  formatDateTime,
  formatIncome,
  MSG,
  studentsApi,
  useStudentsQuery,
  type Appointment,
  type Student,
} from '@psicocampus/shared';
import { deferred, stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import {
  apiError,
  colleague,
  json,
  makeAppointment,
  makeDetail,
  makeNote,
} from '../../testing/fixtures';
import {
  alertDialog,
  answerAlert,
  BASE,
  Landing,
  landing,
  renderScreen,
} from '../../testing/render';
import { WRITE_NOTE_STATE } from '../../lib/anchors';
import { fromZonedInputValue, toZonedInputValue } from '../../lib/service-clock';
import { appointmentPageAnswer } from './appointments/appointment-pages.stub';
import StudentDetailPage from './student-detail.page';

/** The service's SERVICE_TIME_ZONE (GET /api/service): UTC-5, not the test machine's zone. */
const SERVICE_ZONE = 'America/Guayaquil';

const myNote = makeNote({
  note: 'Sesión de seguimiento.\nDuerme mejor.\n\nPlan: revisar en dos semanas.',
  createdAt: '2026-03-10T15:45:00.000Z',
  version: 4,
});
const colleagueNote = makeNote({
  note: 'Derivación desde bienestar estudiantil.',
  createdBy: colleague,
  createdAt: '2026-02-01T13:00:00.000Z',
});
const orphanNote = makeNote({
  note: 'Nota de una cuenta que ya no existe.',
  createdBy: null,
  createdAt: '2026-01-15T13:00:00.000Z',
});

const student = makeDetail(
  {
    firstName: 'Valentina',
    lastName: 'Ríos',
    age: 22,
    gender: 'FEMENINO',
    city: 'Guayaquil',
    phone: '0987654321',
    email: 'valentina.rios@uni.test',
    career: 'Arquitectura',
    careerLevel: 'QUINTO',
    level: 'QUINTO',
    employmentStatus: 'EMPLEADO',
    income: 450,
  },
  [myNote, colleagueNote, orphanNote],
);

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

function detailApi(
  options: {
    student?: Student;
    appointments?: Appointment[];
    studentAnswer?: () => Response | Promise<Response>;
    appointmentsAnswer?: () => Response;
    other?: Handler;
  } = {},
) {
  const current = options.student ?? student;
  return stubApi((call) => {
    const other = options.other?.(call);
    if (other) return other;
    if (call.method === 'GET' && call.path === `/api/students/${current._id}`) {
      return options.studentAnswer?.() ?? json({ ok: true, student: current });
    }
    if (call.method === 'GET' && call.path === '/api/service') {
      return json({ ok: true, service: { timeZone: SERVICE_ZONE } });
    }
    if (call.method === 'GET' && call.path === '/api/appointments') {
      return (
        options.appointmentsAnswer?.() ??
        json(appointmentPageAnswer(call, options.appointments ?? []))
      );
    }
    return undefined;
  });
}

function renderDetail(id = student._id, state?: unknown) {
  return renderScreen(<StudentDetailPage />, {
    state,
    route: `${BASE}/patients/${id}`,
    path: `${BASE}/patients/:id`,
    otherRoutes: [
      { path: `${BASE}/patients`, element: <Landing name="lista" /> },
      { path: `${BASE}/patients/:id/edit`, element: <Landing name="editar" /> },
    ],
  });
}

async function loaded() {
  return screen.findByRole('heading', { level: 1, name: 'Valentina Ríos' });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("arriving from the list's 'Notas'", () => {
  it('opens the new-note modal once the student is on the screen, and only once', async () => {
    detailApi();
    await renderDetail(student._id, WRITE_NOTE_STATE);
    await loaded();
    const modal = await screen.findByRole('dialog', { name: MSG.notes.newTitle });
    expect(modal).toBeInTheDocument();
  });

  it('opens no modal when the detail is opened any other way', async () => {
    detailApi();
    await renderDetail();
    await loaded();
    expect(screen.queryByRole('dialog', { name: MSG.notes.newTitle })).not.toBeInTheDocument();
  });
});

describe('the student detail (docs/screens-and-routes.md#student-detail)', () => {
  it('says "Cargando información del estudiante..." while loading', async () => {
    const answer = deferred<Response>();
    detailApi({ studentAnswer: () => answer.promise });
    await renderDetail();
    expect(screen.getByText(MSG.students.loadingDetail)).toBeInTheDocument();
    await act(async () => answer.resolve(json({ ok: true, student })));
    await loaded();
    expect(screen.queryByText(MSG.students.loadingDetail)).not.toBeInTheDocument();
  });

  it('ends loading and shows no profile when loading fails, with the way back', async () => {
    detailApi({ studentAnswer: () => new Response('', { status: 500 }) });
    await renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.students.loadEditError);
    expect(screen.queryByText(MSG.students.loadingDetail)).not.toBeInTheDocument();
    expect(screen.queryByText('Valentina Ríos')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.students.delete })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: MSG.students.backToList }));
    expect(await landing()).toBe(`lista ${BASE}/patients`);
  });

  it('says the student does not exist (or is not yours) on a 404', async () => {
    detailApi({ studentAnswer: () => apiError(404, MSG.api.notFound) });
    await renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.students.notFound);
  });

  it('shows the personal, academic and employment blocks, and the assigned psychologist', async () => {
    detailApi();
    await renderDetail();
    await loaded();
    const personal = screen.getByRole('region', { name: MSG.students.personalInfo });
    expect(personal).toHaveTextContent('22 años');
    expect(personal).toHaveTextContent('Femenino');
    expect(personal).toHaveTextContent('Guayaquil');
    expect(personal).toHaveTextContent('0987654321');
    expect(personal).toHaveTextContent('valentina.rios@uni.test');
    const academic = screen.getByRole('region', { name: MSG.students.academicInfo });
    expect(academic).toHaveTextContent('Semestre: Quinto');
    expect(academic).toHaveTextContent('Arquitectura');
    const employment = screen.getByRole('region', { name: MSG.students.employment });
    expect(employment).toHaveTextContent('Empleado/a');
    expect(employment).toHaveTextContent(formatIncome(450)!.replace(/\s/g, ' '));
    expect(employment).toHaveTextContent('$');
    const psychologist = screen.getByRole('region', { name: MSG.students.assignedPsychologist });
    expect(psychologist).toHaveTextContent('Lucía Fernández');
    expect(psychologist).toHaveTextContent('psicologa@psicocampus.test');
  });

  it("writes each e-mail so that it wraps only after '@' or before a dot, never mid-word", async () => {
    detailApi();
    await renderDetail();
    await loaded();
    /** The e-mail as the line may break it: '|' where a break is allowed. */
    const breakable = (region: string, email: string) => {
      const shown = within(screen.getByRole('region', { name: region })).getByText(
        (_, element) => element?.textContent === email && element.tagName !== 'DD',
      );
      return Array.from(shown.childNodes)
        .map((node) => (node.nodeName === 'WBR' ? '|' : node.textContent))
        .join('');
    };
    expect(breakable(MSG.students.assignedPsychologist, 'psicologa@psicocampus.test')).toBe(
      'psicologa@|psicocampus|.test',
    );
    expect(breakable(MSG.students.personalInfo, 'valentina.rios@uni.test')).toBe(
      'valentina|.rios@|uni|.test',
    );
  });

  it('says "No especificado" without income, and hides the psychologist when none is assigned', async () => {
    const unassigned = makeDetail({ income: null, assignedPsychologist: null }, []);
    detailApi({ student: unassigned });
    await renderDetail(unassigned._id);
    await screen.findByRole('heading', { level: 1, name: 'José Pérez' });
    expect(screen.getByRole('region', { name: MSG.students.employment })).toHaveTextContent(
      MSG.common.notSpecified,
    );
    expect(
      screen.queryByRole('region', { name: MSG.students.assignedPsychologist }),
    ).not.toBeInTheDocument();
  });

  it("goes back to the list, and to the edit screen with 'Editar'", async () => {
    detailApi();
    await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.edit }));
    expect(await landing()).toBe(`editar ${BASE}/patients/${student._id}/edit`);
  });
});

describe('clinical notes (docs/screens-and-routes.md#student-detail and docs/permissions.md#clinical-records)', () => {
  function notesBlock() {
    return screen.getByRole('region', { name: MSG.notes.title });
  }
  function noteItem(text: string) {
    return within(notesBlock())
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes(text))!;
  }

  it('shows each note with its date, author and text, line breaks kept', async () => {
    detailApi();
    await renderDetail();
    await loaded();
    expect(notesBlock()).toHaveAttribute('id', 'notas');
    const mine = noteItem('Sesión de seguimiento.');
    expect(mine).toHaveTextContent(formatDateTime(myNote.createdAt));
    expect(mine).toHaveTextContent(MSG.notes.by('Lucía Fernández'));
    expect(within(mine).getByText(/Sesión de seguimiento/).textContent).toBe(myNote.note);
    expect(noteItem('Derivación')).toHaveTextContent(MSG.notes.by('Tomás Herrera'));
  });

  it('says "No asignado" when the author is unknown', async () => {
    detailApi();
    await renderDetail();
    await loaded();
    expect(noteItem('ya no existe')).toHaveTextContent(MSG.notes.by(MSG.common.notAssigned));
  });

  it("offers sign, edit and delete only on the signed-in psychologist's own drafts", async () => {
    detailApi();
    await renderDetail();
    await loaded();
    expect(
      within(noteItem('Sesión de seguimiento.'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringMatching(/^Firmar nota/),
      expect.stringMatching(/^Editar nota/),
      expect.stringMatching(/^Eliminar nota/),
    ]);
    expect(within(noteItem('Derivación')).queryAllByRole('button')).toHaveLength(0);
    expect(within(noteItem('ya no existe')).queryAllByRole('button')).toHaveLength(0);
  });

  it('says "No hay notas clínicas registradas" when there are none', async () => {
    const noNotes = makeDetail({}, []);
    detailApi({ student: noNotes });
    await renderDetail(noNotes._id);
    expect(await screen.findByText(MSG.notes.empty)).toBeInTheDocument();
  });

  it("lands on the appointments when opened from 'Agendar cita' of 'Seguimiento prioritario' (#citas)", async () => {
    detailApi();
    await renderScreen(
      <Navigate to={{ pathname: `${BASE}/patients/${student._id}`, hash: 'citas' }} />,
      {
        route: `${BASE}/ir`,
        path: `${BASE}/ir`,
        otherRoutes: [{ path: `${BASE}/patients/:id`, element: <StudentDetailPage /> }],
      },
    );
    await loaded();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: MSG.appointments.title })).toHaveFocus(),
    );
  });

  it("lands on the notes when opened from the list's 'Notas' (#notas)", async () => {
    detailApi();
    await renderScreen(
      <Navigate to={{ pathname: `${BASE}/patients/${student._id}`, hash: 'notas' }} />,
      {
        route: `${BASE}/ir`,
        path: `${BASE}/ir`,
        otherRoutes: [{ path: `${BASE}/patients/:id`, element: <StudentDetailPage /> }],
      },
    );
    await loaded();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: MSG.notes.title })).toHaveFocus(),
    );
  });

  it("writes a new note: 'Nueva Nota Clínica', 6 rows, a character count, then 'Nota agregada'", async () => {
    const calls = detailApi({
      other: (call) =>
        call.method === 'POST'
          ? json({ ok: true, msg: 'Nota guardada', note: makeNote() }, 201)
          : undefined,
    });
    await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.addNote }));
    const modal = screen.getByRole('dialog', { name: MSG.notes.newTitle });
    const text = within(modal).getByLabelText(/^Nota/);
    expect(text).toHaveAttribute('rows', '6');
    expect(text).toHaveAttribute('maxLength', '20000');
    expect(within(modal).getByText('0 / 20.000 caracteres')).toBeInTheDocument();
    await userEvent.type(text, 'Llega puntual.{Enter}Se muestra tranquila.');
    expect(within(modal).getByText('36 / 20.000 caracteres')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.save }));

    expect(await alertDialog()).toHaveTextContent(MSG.notes.added);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/students/${student._id}/clinical-notes`,
      body: { note: 'Llega puntual.\nSe muestra tranquila.' },
    });
    await answerAlert();
    expect(screen.queryByRole('dialog', { name: MSG.notes.newTitle })).not.toBeInTheDocument();
    // The detail is read again, with the new note.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `/api/students/${student._id}`)).toHaveLength(2),
    );
  });

  it('refuses an empty note', async () => {
    const calls = detailApi();
    await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.addNote }));
    const modal = screen.getByRole('dialog', { name: MSG.notes.newTitle });
    await userEvent.type(within(modal).getByLabelText(/^Nota/), '   ');
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.save }));
    expect(await within(modal).findByText(MSG.notes.required)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("corrects one's note with its version: 'Editar Nota Clínica', then 'Nota actualizada'", async () => {
    const calls = detailApi({
      other: (call) =>
        call.method === 'PUT' ? json({ ok: true, msg: 'ok', note: myNote }) : undefined,
    });
    await renderDetail();
    await loaded();
    await userEvent.click(
      within(noteItem('Sesión de seguimiento.')).getByRole('button', { name: /Editar nota/ }),
    );
    const modal = screen.getByRole('dialog', { name: MSG.notes.editTitle });
    const text = within(modal).getByLabelText(/^Nota/);
    expect(text).toHaveValue(myNote.note);
    await userEvent.type(text, ' Sin cambios en la medicación.');
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.save }));

    expect(await alertDialog()).toHaveTextContent(MSG.notes.updated);
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/api/students/${student._id}/clinical-notes/${myNote._id}`,
      body: { note: `${myNote.note} Sin cambios en la medicación.`, version: 4 },
    });
  });

  it('keeps the text in the modal and says so when someone changed the note meanwhile (409)', async () => {
    detailApi({
      other: (call) => (call.method === 'PUT' ? apiError(409, MSG.api.conflict) : undefined),
    });
    await renderDetail();
    await loaded();
    await userEvent.click(
      within(noteItem('Sesión de seguimiento.')).getByRole('button', { name: /Editar nota/ }),
    );
    const modal = screen.getByRole('dialog', { name: MSG.notes.editTitle });
    await userEvent.type(within(modal).getByLabelText(/^Nota/), ' Añadido.');
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.save }));

    const error = await alertDialog();
    expect(error).toHaveTextContent(MSG.api.conflict);
    expect(error).toHaveTextContent(MSG.notes.textKept);
    await answerAlert();
    const still = screen.getByRole('dialog', { name: MSG.notes.editTitle });
    expect(within(still).getByLabelText(/^Nota/)).toHaveValue(`${myNote.note} Añadido.`);
  });

  it.each([
    [
      "the server's message",
      () => apiError(400, 'La nota no puede estar vacía.'),
      'La nota no puede estar vacía.',
    ],
    ['the fallback', () => new Response('', { status: 500 }), MSG.notes.saveError],
  ])('shows %s when saving fails, keeping the modal', async (_case, answer, expected) => {
    detailApi({ other: (call) => (call.method === 'POST' ? answer() : undefined) });
    await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.addNote }));
    const modal = screen.getByRole('dialog', { name: MSG.notes.newTitle });
    await userEvent.type(within(modal).getByLabelText(/^Nota/), 'Texto');
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.save }));
    expect(await alertDialog()).toHaveTextContent(expected);
    await answerAlert();
    expect(screen.getByRole('dialog', { name: MSG.notes.newTitle })).toBeInTheDocument();
  });

  it("deletes one's note after asking, says 'Nota eliminada' and goes to the list (docs/rules-and-messages.md#messages)", async () => {
    const calls = detailApi({
      other: (call) =>
        call.method === 'DELETE' ? json({ ok: true, msg: 'ok', outcome: 'deleted' }) : undefined,
    });
    await renderDetail();
    await loaded();
    await userEvent.click(
      within(noteItem('Sesión de seguimiento.')).getByRole('button', { name: /Eliminar nota/ }),
    );
    const question = await alertDialog();
    expect(question).toHaveTextContent(MSG.common.confirmTitle);
    expect(question).toHaveTextContent(MSG.common.confirmText);
    expect(within(question).getByRole('button', { name: MSG.common.cancel })).toBeInTheDocument();
    await answerAlert(MSG.common.confirmDelete);

    expect(await alertDialog()).toHaveTextContent(MSG.notes.deleted);
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/students/${student._id}/clinical-notes/${myNote._id}`,
    );
    expect(await landing()).toBe(`lista ${BASE}/patients`);
  });

  it('deletes nothing when the question is cancelled', async () => {
    const calls = detailApi();
    await renderDetail();
    await loaded();
    await userEvent.click(
      within(noteItem('Sesión de seguimiento.')).getByRole('button', { name: /Eliminar nota/ }),
    );
    await answerAlert(MSG.common.cancel);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Valentina Ríos' })).toBeInTheDocument();
  });

  it("says 'Error al eliminar la nota' when deleting fails", async () => {
    detailApi({
      other: (call) => (call.method === 'DELETE' ? new Response('', { status: 500 }) : undefined),
    });
    await renderDetail();
    await loaded();
    await userEvent.click(
      within(noteItem('Sesión de seguimiento.')).getByRole('button', { name: /Eliminar nota/ }),
    );
    await answerAlert(MSG.common.confirmDelete);
    expect(await alertDialog()).toHaveTextContent(MSG.notes.deleteError);
  });
});

describe('deleting the student (docs/rules-and-messages.md#messages)', () => {
  it("asks, then says 'Estudiante Eliminado' and returns to the list", async () => {
    const calls = detailApi({
      other: (call) =>
        call.method === 'DELETE' ? json({ ok: true, msg: 'ok', outcome: 'deleted' }) : undefined,
    });
    await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.delete }));
    const question = await alertDialog();
    expect(question).toHaveTextContent(MSG.common.confirmTitle);
    expect(question).toHaveTextContent(MSG.common.confirmText);
    // Said before, not only after: a student with clinical records is archived.
    expect(question).toHaveTextContent(MSG.students.deleteArchiveNotice);
    await answerAlert(MSG.common.confirmDelete);

    const done = await alertDialog();
    expect(done).toHaveTextContent(MSG.students.deleted);
    expect(done).not.toHaveTextContent(MSG.students.archived);
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
      `/api/students/${student._id}`,
    );
    expect(await landing()).toBe(`lista ${BASE}/patients`);
  });

  it("says 'Estudiante Archivado' and that every record is kept when the server archived the student (docs/data-model.md#archived-students)", async () => {
    detailApi({
      other: (call) =>
        call.method === 'DELETE'
          ? json({ ok: true, msg: MSG.students.archived, outcome: 'archived' })
          : undefined,
    });
    await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.delete }));
    await answerAlert(MSG.common.confirmDelete);

    const done = await alertDialog();
    expect(done).toHaveTextContent(MSG.students.archived);
    expect(done).toHaveTextContent(MSG.students.archivedText);
    expect(done).not.toHaveTextContent(MSG.students.deleted);
    await answerAlert();
    expect(await landing()).toBe(`lista ${BASE}/patients`);
  });

  it("deletes nothing when 'Cancelar' is chosen", async () => {
    const calls = detailApi();
    await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.delete }));
    await answerAlert(MSG.common.cancel);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Valentina Ríos' })).toBeInTheDocument();
  });

  it.each([
    ["the server's message", () => apiError(403, MSG.api.forbidden), MSG.api.forbidden],
    ['the fallback', () => new Response('', { status: 500 }), MSG.students.deleteError],
  ])('shows %s when deleting fails, and stays', async (_case, answer, expected) => {
    detailApi({ other: (call) => (call.method === 'DELETE' ? answer() : undefined) });
    await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.delete }));
    await answerAlert(MSG.common.confirmDelete);
    expect(await alertDialog()).toHaveTextContent(expected);
    await answerAlert();
    expect(screen.getByRole('heading', { level: 1, name: 'Valentina Ríos' })).toBeInTheDocument();
  });
  /** 'Mis Pacientes' as the list shows it: read from the server (the cache after a deletion must not be trusted). */
  function ListProbe() {
    const { data } = useStudentsQuery();
    return <p data-testid="landing">lista {data ? `${data.total} estudiantes` : 'cargando'}</p>;
  }

  it('asks nothing more of the deleted student: no call names it after the deletion, and the list is read afresh', async () => {
    let deleted = false;
    const calls = detailApi({
      other: (call) => {
        if (call.method === 'DELETE') {
          deleted = true;
          return json({ ok: true, msg: 'ok', outcome: 'deleted' });
        }
        if (call.method === 'GET' && call.path === '/api/students') {
          return json({ ok: true, students: [], total: deleted ? 0 : 1 });
        }
        return undefined;
      },
    });
    const { store } = await renderScreen(<StudentDetailPage />, {
      route: `${BASE}/patients/${student._id}`,
      path: `${BASE}/patients/:id`,
      otherRoutes: [{ path: `${BASE}/patients`, element: <ListProbe /> }],
    });
    await loaded();
    // The list was read before (with the student in it) and is in the cache.
    const read = store.dispatch(studentsApi.endpoints.students.initiate());
    await read;
    read.unsubscribe();
    // Everything of the detail has been asked for (its appointments, its history).
    await waitFor(() =>
      expect(calls.some((call) => call.path === `/api/students/${student._id}/history`)).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: MSG.students.delete }));
    await answerAlert(MSG.common.confirmDelete);
    await answerAlert();
    expect(await screen.findByText('lista 0 estudiantes')).toBeInTheDocument();

    const afterwards = calls.slice(calls.findIndex((call) => call.method === 'DELETE') + 1);
    expect(afterwards.filter((call) => `${call.path}${call.search}`.includes(student._id))).toEqual(
      [],
    );
  });

  it('leaves for the list without asking about an appointment being typed: the deletion was confirmed', async () => {
    detailApi({
      other: (call) =>
        call.method === 'DELETE' ? json({ ok: true, msg: 'ok', outcome: 'deleted' }) : undefined,
    });
    await renderDetail();
    await loaded();
    await userEvent.type(await screen.findByLabelText(/^Motivo/), 'Seguimiento');
    await userEvent.click(screen.getByRole('button', { name: MSG.students.delete }));
    await answerAlert(MSG.common.confirmDelete);
    expect(await alertDialog()).toHaveTextContent(MSG.students.deleted);
    await answerAlert();
    expect(await landing()).toBe(`lista ${BASE}/patients`);
  });
});

describe('leaving the detail with something typed (docs/screens-and-routes.md#leaving-a-form)', () => {
  it("asks '¿Descartar los cambios?' before leaving an appointment being typed; 'Cancelar' keeps it", async () => {
    detailApi();
    await renderDetail();
    await loaded();
    const reason = await screen.findByLabelText(/^Motivo/);
    await userEvent.type(reason, 'Seguimiento');
    await userEvent.click(screen.getByRole('button', { name: MSG.students.edit }));
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(reason).toHaveValue('Seguimiento');

    await userEvent.click(screen.getByRole('link', { name: new RegExp(MSG.students.backToList) }));
    await answerAlert(MSG.drafts.discardConfirm);
    expect(await landing()).toBe(`lista ${BASE}/patients`);
  });

  it('asks before leaving a note being written in its modal', async () => {
    detailApi();
    const { location } = await renderDetail();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: MSG.students.addNote }));
    const modal = screen.getByRole('dialog', { name: MSG.notes.newTitle });
    await userEvent.type(within(modal).getByLabelText(/^Nota/), 'Llega puntual.');
    await userEvent.click(screen.getByRole('link', { name: new RegExp(MSG.students.backToList) }));
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(location()).toBe(`${BASE}/patients/${student._id}`);
    expect(within(modal).getByLabelText(/^Nota/)).toHaveValue('Llega puntual.');
  });

  it('has the browser warn before unloading neither of them: their drafts survive a reload', async () => {
    detailApi();
    await renderDetail();
    await loaded();
    await userEvent.type(await screen.findByLabelText(/^Motivo/), 'Seguimiento');
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(false);
  });
});

describe("the student's appointments (docs/screens-and-routes.md#student-detail and docs/rules-and-messages.md#appointment-form)", () => {
  function appointmentsBlock() {
    return screen.getByRole('region', { name: MSG.appointments.title });
  }

  it('lists them, upcoming first', async () => {
    detailApi({
      appointments: [
        makeAppointment({ date: '2020-01-10T15:00:00.000Z', reason: 'Primera entrevista' }),
        makeAppointment({ date: '2099-01-10T15:00:00.000Z', reason: 'Seguimiento mensual' }),
      ],
    });
    await renderDetail();
    await loaded();
    const items = await within(appointmentsBlock()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Seguimiento mensual'),
      expect.stringContaining('Primera entrevista'),
    ]);
    // 15:00 UTC is 10:00 on the service's clock (UTC-5), whatever the browser's.
    expect(items[0]).toHaveTextContent('10 de enero de 2099 a las 10:00');
  });

  it('says in words how each one ended: attended, no-show, cancelled by whom and why', async () => {
    detailApi({
      appointments: [
        makeAppointment({ date: '2099-01-10T15:00:00.000Z', reason: 'Seguimiento mensual' }),
        makeAppointment({
          date: '2020-03-10T15:00:00.000Z',
          reason: 'Control',
          status: 'ATTENDED',
        }),
        makeAppointment({
          date: '2020-02-10T15:00:00.000Z',
          reason: 'Revisión',
          status: 'NO_SHOW',
        }),
        makeAppointment({
          date: '2020-01-10T15:00:00.000Z',
          reason: 'Entrevista',
          status: 'CANCELLED',
          cancelledBy: 'STUDENT',
          cancelReason: 'Viaje familiar',
        }),
      ],
    });
    await renderDetail();
    await loaded();
    const items = await within(appointmentsBlock()).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Programada');
    expect(items[1]).toHaveTextContent('Asistió');
    expect(items[2]).toHaveTextContent('No asistió');
    expect(items[3]).toHaveTextContent('Cancelada · El estudiante: Viaje familiar');
  });

  it("says 'No se pudieron cargar las citas' when they cannot be loaded", async () => {
    detailApi({ appointmentsAnswer: () => new Response('', { status: 500 }) });
    await renderDetail();
    await loaded();
    expect(await within(appointmentsBlock()).findByRole('alert')).toHaveTextContent(
      MSG.appointments.loadError,
    );
  });

  async function fillAppointment(date: string, reason: string) {
    const block = appointmentsBlock();
    fireEvent.change(within(block).getByLabelText(/^Fecha y hora/), { target: { value: date } });
    if (reason) await userEvent.type(within(block).getByLabelText(/^Motivo/), reason);
    await userEvent.click(within(block).getByRole('button', { name: MSG.appointments.submit }));
  }

  it('offers no earlier date than now', async () => {
    detailApi();
    await renderDetail();
    await loaded();
    // Now on the service's clock, once the server has said which it is.
    await waitFor(() => {
      const min = within(appointmentsBlock())
        .getByLabelText(/^Fecha y hora/)
        .getAttribute('min')!;
      expect(Math.abs(fromZonedInputValue(min, SERVICE_ZONE).getTime() - Date.now())).toBeLessThan(
        2 * 60_000,
      );
    });
  });

  it('refuses a past date, and asks for the reason', async () => {
    const calls = detailApi();
    await renderDetail();
    await loaded();
    await fillAppointment(toZonedInputValue(Date.now() - 86_400_000, SERVICE_ZONE), '');
    expect(
      await within(appointmentsBlock()).findByText(MSG.appointments.datePast),
    ).toBeInTheDocument();
    expect(
      within(appointmentsBlock()).getByText(MSG.appointments.reasonRequired),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("schedules one: the date typed on the service's clock as an ISO instant, '¡Cita Agendada!', and the list updates", async () => {
    // Three days from now, to the minute: typed as the service's clock reads it.
    const target = Math.floor((Date.now() + 3 * 86_400_000) / 60_000) * 60_000;
    const local = toZonedInputValue(target, SERVICE_ZONE);
    const calls = detailApi({
      other: (call) =>
        call.method === 'POST' && call.path === '/api/appointments'
          ? json({ ok: true, msg: 'ok', appointment: makeAppointment() }, 201)
          : undefined,
    });
    await renderDetail();
    await loaded();
    await userEvent.type(
      within(appointmentsBlock()).getByLabelText(/^Notas adicionales/),
      'Traer el informe',
    );
    await fillAppointment(local, 'Control');

    expect(await alertDialog()).toHaveTextContent(MSG.appointments.scheduled);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      studentId: student._id,
      date: new Date(target).toISOString(),
      reason: 'Control',
      notes: 'Traer el informe',
    });
    await answerAlert();
    expect(within(appointmentsBlock()).getByLabelText(/^Motivo/)).toHaveValue('');
    // Both lists, upcoming and past, asked again.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/appointments' && call.method === 'GET'),
      ).toHaveLength(4),
    );
  });

  it('asks before booking over another appointment, naming it, and books it when told to', async () => {
    const local = toZonedInputValue(Date.now() + 3 * 86_400_000, SERVICE_ZONE);
    const overlap =
      'Esta cita se cruza con «Control» de Paula Vinueza, 27 de noviembre de 2026 a las 10:00. ¿Agendarla de todos modos?';
    const calls = detailApi({
      other: (call) => {
        if (call.method !== 'POST' || call.path !== '/api/appointments') return undefined;
        return (call.body as { confirmOverlap?: boolean }).confirmOverlap
          ? json({ ok: true, msg: 'ok', appointment: makeAppointment() }, 201)
          : json({ ok: false, code: 'APPOINTMENT_OVERLAP', msg: overlap, overlaps: [] }, 409);
      },
    });
    await renderDetail();
    await loaded();
    await fillAppointment(local, 'Seguimiento');

    const question = await alertDialog();
    expect(question).toHaveTextContent(MSG.appointments.overlapTitle);
    expect(question).toHaveTextContent(overlap);
    await answerAlert(MSG.appointments.overlapConfirm);
    expect(await alertDialog()).toHaveTextContent(MSG.appointments.scheduled);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => (call.body as { confirmOverlap?: boolean }).confirmOverlap)).toEqual(
      [undefined, true],
    );
  });

  it('keeps what was typed when the psychologist declines to book over another appointment', async () => {
    const local = toZonedInputValue(Date.now() + 3 * 86_400_000, SERVICE_ZONE);
    const calls = detailApi({
      other: (call) =>
        call.method === 'POST' && call.path === '/api/appointments'
          ? json({ ok: false, code: 'APPOINTMENT_OVERLAP', msg: 'Se cruza.', overlaps: [] }, 409)
          : undefined,
    });
    await renderDetail();
    await loaded();
    await fillAppointment(local, 'Seguimiento');
    await alertDialog();
    await answerAlert(MSG.common.cancel);
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
    expect(within(appointmentsBlock()).getByLabelText(/^Motivo/)).toHaveValue('Seguimiento');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it.each([
    [
      "the server's message",
      () => apiError(400, MSG.appointments.datePast),
      MSG.appointments.datePast,
    ],
    ['the fallback', () => new Response('', { status: 500 }), MSG.appointments.error],
  ])('shows %s when scheduling fails, keeping what was typed', async (_case, answer, expected) => {
    detailApi({ other: (call) => (call.method === 'POST' ? answer() : undefined) });
    await renderDetail();
    await loaded();
    await fillAppointment(toZonedInputValue(Date.now() + 86_400_000, SERVICE_ZONE), 'Control');
    expect(await alertDialog()).toHaveTextContent(expected);
    await answerAlert();
    expect(within(appointmentsBlock()).getByLabelText(/^Motivo/)).toHaveValue('Control');
  });
});
