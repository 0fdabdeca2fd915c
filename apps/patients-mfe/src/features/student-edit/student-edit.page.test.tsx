import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { deferred, stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json, makeDetail } from '../../testing/fixtures';
import {
  alertDialog,
  answerAlert,
  BASE,
  Landing,
  landing,
  renderScreen,
} from '../../testing/render';
import StudentEditPage from './student-edit.page';

const M = MSG.students;

const student = makeDetail({
  firstName: 'Andrés',
  lastName: 'Mora',
  age: 19,
  phone: '0991112222',
  city: 'Quito',
  career: 'Ingeniería',
  careerLevel: 'PRIMERO',
  level: 'PRIMERO',
  email: 'andres.mora@uni.test',
  version: 5,
});

function editApi(
  options: {
    studentAnswer?: () => Response | Promise<Response>;
    save?: (call: RecordedCall) => Response;
  } = {},
) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === `/api/students/${student._id}`) {
      return options.studentAnswer?.() ?? json({ ok: true, student });
    }
    if (call.method === 'PUT' && call.path === `/api/students/${student._id}`) {
      return options.save?.(call) ?? json({ ok: true, msg: M.updated, student });
    }
    return undefined;
  });
}

function renderEdit() {
  return renderScreen(<StudentEditPage />, {
    route: `${BASE}/patients/${student._id}/edit`,
    path: `${BASE}/patients/:id/edit`,
    otherRoutes: [{ path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> }],
  });
}

async function form() {
  await screen.findByRole('heading', { level: 1, name: M.editTitle });
}

const input = (label: RegExp) => screen.getByLabelText(label);

async function replace(label: RegExp, value: string) {
  await userEvent.clear(input(label));
  if (value) await userEvent.type(input(label), value);
}

const save = () => userEvent.click(screen.getByRole('button', { name: M.saveChanges }));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the edit screen (docs/screens-and-routes.md#edit-student-screen and docs/rules-and-messages.md#edit-student-screen)', () => {
  it('says "Cargando datos del estudiante..." while loading, then shows the fields filled', async () => {
    const answer = deferred<Response>();
    editApi({ studentAnswer: () => answer.promise });
    await renderEdit();
    expect(screen.getByText(M.loadingEdit)).toBeInTheDocument();
    await act(async () => answer.resolve(json({ ok: true, student })));
    await form();
    expect(screen.getByText('Andrés Mora')).toBeInTheDocument();
    expect(input(/^Nombres/)).toHaveValue('Andrés');
    expect(input(/^Apellidos/)).toHaveValue('Mora');
    expect(input(/^Edad/)).toHaveValue(19);
    expect(input(/^Teléfono \(opcional\)/)).toHaveValue('0991112222');
    expect(input(/^Ciudad \(opcional\)/)).toHaveValue('Quito');
    expect(input(/^Semestre \(opcional\)/)).toHaveValue('PRIMERO');
    expect(input(/^Carrera \(opcional\)/)).toHaveValue('Ingeniería');
    expect(screen.queryByLabelText(/Correo/)).not.toBeInTheDocument();
  });

  it('says it could not load the student, then returns to the detail', async () => {
    editApi({ studentAnswer: () => new Response('', { status: 500 }) });
    await renderEdit();
    expect(await alertDialog()).toHaveTextContent(M.loadEditError);
    expect(screen.queryByText(M.loadingEdit)).not.toBeInTheDocument();
    await answerAlert();
    expect(await landing()).toBe(`detalle ${BASE}/patients/${student._id}`);
  });

  it.each([
    ['0', M.ageRangeEdit],
    ['101', M.ageRangeEdit],
    ['', M.ageRequired],
  ])('refuses age "%s" with "%s"', async (age, message) => {
    const calls = editApi();
    await renderEdit();
    await form();
    await replace(/^Edad/, age);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input(/^Edad/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('requires the names', async () => {
    const calls = editApi();
    await renderEdit();
    await form();
    await replace(/^Nombres/, '');
    await replace(/^Apellidos/, '');
    await save();
    expect(await screen.findByText(M.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(M.lastNameRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('checks the optional fields only when they are filled', async () => {
    editApi();
    await renderEdit();
    await form();
    await replace(/^Teléfono/, 'abc');
    expect(await screen.findByText(M.phoneFormat)).toBeInTheDocument();
    await replace(/^Ciudad/, 'Q');
    expect(await screen.findByText(M.cityLength)).toBeInTheDocument();
  });

  it('saves the subset with the version (never the e-mail); "Guardado", then the detail', async () => {
    const calls = editApi();
    await renderEdit();
    await form();
    await replace(/^Edad/, '100');
    await replace(/^Teléfono/, '');
    await replace(/^Ciudad/, '');
    await replace(/^Carrera/, '');
    await userEvent.selectOptions(input(/^Semestre/), 'SEGUNDO');
    await save();

    expect(await alertDialog()).toHaveTextContent(M.savedTitle);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      firstName: 'Andrés',
      lastName: 'Mora',
      age: 100,
      level: 'SEGUNDO',
      version: 5,
    });
    await answerAlert();
    expect(await landing()).toBe(`detalle ${BASE}/patients/${student._id}`);
  });

  it('accepts age 1', async () => {
    const calls = editApi();
    await renderEdit();
    await form();
    await replace(/^Edad/, '1');
    await save();
    await alertDialog();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ age: 1 });
  });

  it.each([
    ["the server's message", () => apiError(503, MSG.api.internal), MSG.api.internal],
    [
      '"No se pudieron guardar los cambios"',
      () => new Response('', { status: 500 }),
      M.saveChangesError,
    ],
    ['that the record changed (409)', () => apiError(409, MSG.api.conflict), MSG.api.conflict],
  ])('says %s when saving fails, keeping what was typed', async (_case, answer, expected) => {
    editApi({ save: answer });
    await renderEdit();
    await form();
    await replace(/^Ciudad/, 'Cuenca');
    await save();
    expect(await alertDialog()).toHaveTextContent(expected);
    await answerAlert();
    expect(input(/^Ciudad/)).toHaveValue('Cuenca');
  });

  it.each([
    ['Cancelar', () => screen.getByRole('button', { name: MSG.common.cancel })],
    ['the back link', () => screen.getByRole('link', { name: M.backToDetail })],
  ])('goes back to the detail with %s, sending nothing', async (_case, control) => {
    const calls = editApi();
    await renderEdit();
    await form();
    await userEvent.click(control());
    expect(await landing()).toBe(`detalle ${BASE}/patients/${student._id}`);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it.each([
    ['Cancelar', () => screen.getByRole('button', { name: MSG.common.cancel })],
    ['the back link', () => screen.getByRole('link', { name: M.backToDetail })],
  ])(
    "asks '¿Descartar los cambios?' before %s leaves what was typed; 'Cancelar' keeps it",
    async (_case, control) => {
      const calls = editApi();
      const { location } = await renderEdit();
      await form();
      await replace(/^Ciudad/, 'Cuenca');

      await userEvent.click(control());
      expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
      await answerAlert(MSG.common.cancel);
      expect(location()).toBe(`${BASE}/patients/${student._id}/edit`);
      expect(input(/^Ciudad/)).toHaveValue('Cuenca');

      await userEvent.click(control());
      await answerAlert(MSG.drafts.discardConfirm);
      expect(await landing()).toBe(`detalle ${BASE}/patients/${student._id}`);
      expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    },
  );

  it('has the browser warn before a reload or a closed tab loses what was typed (no draft keeps it)', async () => {
    editApi();
    await renderEdit();
    await form();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await replace(/^Ciudad/, 'Cuenca');
    expect(unload()).toBe(true);
  });
});
