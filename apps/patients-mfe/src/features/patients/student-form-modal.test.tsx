import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type StudentSummary } from '@psicocampus/shared';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json, makeStudent } from '../../testing/fixtures';
import { fakeLayout } from '../../testing/layout';
import { alertDialog, answerAlert, BASE, renderScreen } from '../../testing/render';
import PatientsListPage from './patients-list.page';

const M = MSG.students;

type Answer = (call: RecordedCall) => Response;

function formApi(students: StudentSummary[], answers: { save?: Answer } = {}) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/students') {
      return json({ ok: true, students, total: students.length });
    }
    if (call.method === 'POST' && call.path === '/api/students') {
      return answers.save?.(call) ?? json({ ok: true, msg: M.created, student: {} }, 201);
    }
    if (call.method === 'PUT' && call.path.startsWith('/api/students/')) {
      return answers.save?.(call) ?? json({ ok: true, msg: M.updated, student: {} });
    }
    return undefined;
  });
}

async function openCreate(students: StudentSummary[] = [], answers: { save?: Answer } = {}) {
  const calls = formApi(students, answers);
  await renderScreen(<PatientsListPage />, { route: `${BASE}/patients`, path: `${BASE}/patients` });
  await screen.findByText(M.total(students.length));
  await userEvent.click(screen.getByRole('button', { name: M.add }));
  return { calls, modal: screen.getByRole('dialog', { name: M.createTitle }) };
}

const field = (modal: HTMLElement, label: RegExp | string) => within(modal).getByLabelText(label);
const submitButton = (modal: HTMLElement, name: string = M.create) =>
  within(modal).getByRole('button', { name });

const LABELS = {
  firstName: /^Nombres/,
  lastName: /^Apellidos/,
  age: /^Edad/,
  gender: /^Género/,
  email: /^Correo electrónico/,
  phone: /^Teléfono/,
  city: /^Ciudad/,
  career: /^Carrera/,
  careerLevel: /^Semestre/,
  employmentStatus: /^Situación laboral/,
  income: /^Ingresos \(USD\)/,
};

async function fillValid(modal: HTMLElement) {
  await userEvent.type(field(modal, LABELS.firstName), 'María José');
  await userEvent.type(field(modal, LABELS.lastName), 'Peña Castillo');
  await userEvent.type(field(modal, LABELS.age), '20');
  await userEvent.selectOptions(field(modal, LABELS.gender), 'FEMENINO');
  await userEvent.type(field(modal, LABELS.email), 'maria.pena@uni.test');
  await userEvent.type(field(modal, LABELS.phone), '+593 99 111-2222');
  await userEvent.type(field(modal, LABELS.city), 'Cuenca');
  await userEvent.type(field(modal, LABELS.career), 'Medicina');
  await userEvent.selectOptions(field(modal, LABELS.careerLevel), 'SEGUNDO');
  await userEvent.selectOptions(field(modal, LABELS.employmentStatus), 'DESEMPLEADO');
}

const VALID_BODY = {
  firstName: 'María José',
  lastName: 'Peña Castillo',
  age: 20,
  gender: 'FEMENINO',
  email: 'maria.pena@uni.test',
  phone: '+593 99 111-2222',
  city: 'Cuenca',
  career: 'Medicina',
  careerLevel: 'SEGUNDO',
  employmentStatus: 'DESEMPLEADO',
  income: null,
};

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = fakeLayout();
});
afterEach(() => {
  restoreLayout();
  document.body.innerHTML = '';
});

describe('the student modal: validation as the user types (docs/rules-and-messages.md#student-form)', () => {
  it('opens as "Agregar Estudiante" with its three sections, submit disabled while empty', async () => {
    const { modal } = await openCreate();
    for (const section of [M.sectionPersonal, M.sectionContact, M.sectionAcademic]) {
      expect(within(modal).getByRole('group', { name: section })).toBeInTheDocument();
    }
    expect(
      within(field(modal, LABELS.gender)).getByRole('option', { name: 'Femenino' }),
    ).toBeInTheDocument();
    expect(
      within(field(modal, LABELS.careerLevel)).getByRole('option', { name: 'Décimo' }),
    ).toBeInTheDocument();
    expect(
      within(field(modal, LABELS.employmentStatus)).getByRole('option', { name: 'Empleado/a' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(submitButton(modal)).toBeDisabled());
  });

  it.each([
    ['firstName', 'A', M.nameLength],
    ['firstName', 'Ana3', M.nameLetters],
    ['firstName', 'x'.repeat(31), M.nameLength],
    ['lastName', 'P', M.nameLength],
    ['lastName', 'Pérez_', M.nameLetters],
    ['age', '101', M.ageRange],
    ['age', '-1', M.ageRange],
    ['age', '20.5', M.ageInteger],
    ['email', 'maria@', M.emailInvalid],
    ['phone', 'abc123', M.phoneFormat],
    ['phone', '12345', M.phoneFormat],
    ['city', 'Q', M.cityLength],
    ['career', 'M', M.careerLength],
    ['income', '-5', M.incomeNegative],
  ] as const)('%s "%s" shows "%s" at once, with a red border', async (name, value, message) => {
    const { modal } = await openCreate();
    const input = field(modal, LABELS[name]);
    await userEvent.type(input, value);
    expect(await within(modal).findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
  });

  it.each([
    ['firstName', M.firstNameRequired],
    ['lastName', M.lastNameRequired],
    ['age', M.ageRequired],
    ['email', M.emailRequired],
    ['phone', M.phoneRequired],
    ['city', M.cityRequired],
    ['career', M.careerRequired],
  ] as const)('%s left empty says "%s"', async (name, message) => {
    const { modal } = await openCreate();
    const input = field(modal, LABELS[name]);
    await userEvent.type(input, '1');
    await userEvent.clear(input);
    await userEvent.tab();
    expect(await within(modal).findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['gender', 'MASCULINO', M.genderRequired],
    ['careerLevel', 'PRIMERO', M.careerLevelRequired],
    ['employmentStatus', 'EMPLEADO', M.employmentRequired],
  ] as const)('%s chosen and then unchosen says "%s"', async (name, option, message) => {
    const { modal } = await openCreate();
    const select = field(modal, LABELS[name]);
    await userEvent.selectOptions(select, option);
    await userEvent.selectOptions(select, '');
    await userEvent.tab();
    expect(await within(modal).findByText(message)).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });

  it('accepts names with accents and ñ, age 0 and 100, no income; then enables submit', async () => {
    const { modal } = await openCreate();
    await fillValid(modal);
    await userEvent.clear(field(modal, LABELS.age));
    await userEvent.type(field(modal, LABELS.age), '0');
    await waitFor(() => expect(submitButton(modal)).toBeEnabled());
    await userEvent.clear(field(modal, LABELS.age));
    await userEvent.type(field(modal, LABELS.age), '100');
    await userEvent.clear(field(modal, LABELS.lastName));
    await userEvent.type(field(modal, LABELS.lastName), 'Ñáñez Güemes');
    await waitFor(() => expect(submitButton(modal)).toBeEnabled());
    expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('disables submit again as soon as a field becomes invalid', async () => {
    const { modal } = await openCreate();
    await fillValid(modal);
    await waitFor(() => expect(submitButton(modal)).toBeEnabled());
    await userEvent.type(field(modal, LABELS.income), '-1');
    await waitFor(() => expect(submitButton(modal)).toBeDisabled());
  });

  it('sends nothing when a submit happens anyway with errors, and lists them all once', async () => {
    const { modal, calls } = await openCreate();
    await userEvent.type(field(modal, LABELS.firstName), 'Ana');
    await userEvent.type(field(modal, LABELS.email), 'no-es-correo');
    fireEvent.submit(submitButton(modal).closest('form')!);

    const warning = await alertDialog();
    expect(warning).toHaveTextContent(M.validationTitle);
    const items = within(warning)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      M.lastNameRequired,
      M.ageRequired,
      M.genderRequired,
      M.emailInvalid,
      M.phoneRequired,
      M.cityRequired,
      M.careerRequired,
      M.careerLevelRequired,
      M.employmentRequired,
    ]);
    expect(document.querySelectorAll('.swal2-popup')).toHaveLength(1);
    await answerAlert();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    // Every field now shows its own message too.
    expect(field(modal, LABELS.city)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('saving a new student (docs/rules-and-messages.md#messages)', () => {
  it("sends every field, says the server's message, closes, and refreshes the list", async () => {
    const { modal, calls } = await openCreate([], {
      save: () => json({ ok: true, msg: 'Se registró a María José.', student: {} }, 201),
    });
    await fillValid(modal);
    await userEvent.click(submitButton(modal));

    expect((await alertDialog()).textContent).toContain('Se registró a María José.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(VALID_BODY);
    await answerAlert();
    expect(screen.queryByRole('dialog', { name: M.createTitle })).not.toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'GET' && call.path === '/api/students'),
    ).toHaveLength(2);
  });

  it('sends the income as a number when given', async () => {
    const { modal, calls } = await openCreate();
    await fillValid(modal);
    await userEvent.type(field(modal, LABELS.income), '450.5');
    await userEvent.click(submitButton(modal));
    await alertDialog();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ...VALID_BODY,
      income: 450.5,
    });
  });

  it('says "Estudiante creado correctamente" when the server gives no message', async () => {
    const { modal } = await openCreate([], { save: () => json({ ok: true, student: {} }, 201) });
    await fillValid(modal);
    await userEvent.click(submitButton(modal));
    expect(await alertDialog()).toHaveTextContent(M.created);
  });

  it('keeps the modal open with everything typed when saving fails', async () => {
    const { modal } = await openCreate([], { save: () => new Response('', { status: 500 }) });
    await fillValid(modal);
    await userEvent.click(submitButton(modal));
    const error = await alertDialog();
    expect(error).toHaveTextContent(MSG.common.error);
    expect(error).toHaveTextContent(M.saveError);
    await answerAlert();
    const stillOpen = screen.getByRole('dialog', { name: M.createTitle });
    expect(field(stillOpen, LABELS.firstName)).toHaveValue('María José');
    expect(field(stillOpen, LABELS.city)).toHaveValue('Cuenca');
  });

  it('does not lose the form when Escape closes the error dialog', async () => {
    const { modal } = await openCreate([], { save: () => new Response('', { status: 500 }) });
    await fillValid(modal);
    await userEvent.click(submitButton(modal));
    await alertDialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
    expect(
      field(screen.getByRole('dialog', { name: M.createTitle }), LABELS.firstName),
    ).toHaveValue('María José');
  });

  it("puts a 400's field problems on their fields", async () => {
    const { modal } = await openCreate([], {
      save: () =>
        apiError(400, MSG.api.invalidBody, [{ field: 'city', msg: 'Ciudad no reconocida' }]),
    });
    await fillValid(modal);
    await userEvent.click(submitButton(modal));
    expect(await alertDialog()).toHaveTextContent(MSG.api.invalidBody);
    await answerAlert();
    const city = field(screen.getByRole('dialog', { name: M.createTitle }), LABELS.city);
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('Ciudad no reconocida');
  });

  it("shows a 409's sentence (an e-mail already registered), also on the e-mail field", async () => {
    const { modal } = await openCreate([], { save: () => apiError(409, M.emailTaken) });
    await fillValid(modal);
    await userEvent.click(submitButton(modal));
    expect(await alertDialog()).toHaveTextContent(M.emailTaken);
    await answerAlert();
    expect(
      field(screen.getByRole('dialog', { name: M.createTitle }), LABELS.email),
    ).toHaveAccessibleDescription(M.emailTaken);
  });

  it('forgets what was typed, and its errors, when closed (docs/screens-and-routes.md#states-and-transitions)', async () => {
    const { modal } = await openCreate();
    await userEvent.type(field(modal, LABELS.firstName), 'A');
    expect(await within(modal).findByText(M.nameLength)).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.cancel }));
    // Something was typed: it asks first.
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.drafts.discardConfirm);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: M.add }));
    const again = screen.getByRole('dialog', { name: M.createTitle });
    expect(field(again, LABELS.firstName)).toHaveValue('');
    expect(within(again).queryByText(M.nameLength)).not.toBeInTheDocument();
    expect(within(again).queryByText(MSG.drafts.restored)).not.toBeInTheDocument();
  });
});

describe('closing the student modal with something typed', () => {
  it('closes without asking when nothing was typed', async () => {
    const { modal } = await openCreate();
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.closeDialog }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
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
  ])("asks '¿Descartar los cambios?' on %s, and keeping on keeps the text", async (_how, close) => {
    const { modal } = await openCreate();
    await userEvent.type(field(modal, LABELS.firstName), 'Renata');
    close(modal);
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    const still = screen.getByRole('dialog', { name: M.createTitle });
    expect(field(still, LABELS.firstName)).toHaveValue('Renata');
  });

  it('keeps a new student being written as a draft in this tab (sessionStorage) only', async () => {
    const { modal } = await openCreate();
    await userEvent.type(field(modal, LABELS.firstName), 'Renata');
    await waitFor(() => expect(JSON.stringify({ ...sessionStorage })).toContain('Renata'));
    expect(JSON.stringify({ ...localStorage })).not.toContain('Renata');
  });
});

describe('editing a student from the list', () => {
  const student = makeStudent({
    firstName: 'Luis',
    lastName: 'Ñáñez',
    age: 23,
    gender: 'OTRO',
    email: 'luis@uni.test',
    phone: '0991234567',
    city: 'Loja',
    career: 'Derecho',
    careerLevel: 'OCTAVO',
    employmentStatus: 'EMPLEADO',
    income: 300,
    version: 7,
  });

  async function openEdit(answers: { save?: Answer } = {}) {
    const calls = formApi([student], answers);
    await renderScreen(<PatientsListPage />, {
      route: `${BASE}/patients`,
      path: `${BASE}/patients`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar (Luis Ñáñez)' }));
    return { calls, modal: screen.getByRole('dialog', { name: M.editTitle }) };
  }

  it('opens "Editar Estudiante" filled with the student', async () => {
    const { modal } = await openEdit();
    expect(field(modal, LABELS.firstName)).toHaveValue('Luis');
    expect(field(modal, LABELS.age)).toHaveValue(23);
    expect(field(modal, LABELS.gender)).toHaveValue('OTRO');
    expect(field(modal, LABELS.careerLevel)).toHaveValue('OCTAVO');
    expect(field(modal, LABELS.income)).toHaveValue(300);
    await waitFor(() => expect(submitButton(modal, M.update)).toBeEnabled());
  });

  it('sends every field and the version it loaded; says "Estudiante actualizado correctamente"', async () => {
    const { modal, calls } = await openEdit({ save: () => json({ ok: true, student: {} }) });
    await userEvent.clear(field(modal, LABELS.city));
    await userEvent.type(field(modal, LABELS.city), 'Ambato');
    await userEvent.clear(field(modal, LABELS.income));
    await userEvent.click(submitButton(modal, M.update));

    expect(await alertDialog()).toHaveTextContent(M.updated);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe(`/api/students/${student._id}`);
    expect(put.body).toEqual({
      firstName: 'Luis',
      lastName: 'Ñáñez',
      age: 23,
      gender: 'OTRO',
      email: 'luis@uni.test',
      phone: '0991234567',
      city: 'Ambato',
      career: 'Derecho',
      careerLevel: 'OCTAVO',
      employmentStatus: 'EMPLEADO',
      income: null,
      version: 7,
    });
    await answerAlert();
    expect(screen.queryByRole('dialog', { name: M.editTitle })).not.toBeInTheDocument();
  });

  it('says when someone else changed the student meanwhile (409), keeping the modal', async () => {
    const { modal } = await openEdit({ save: () => apiError(409, MSG.api.conflict) });
    await userEvent.click(submitButton(modal, M.update));
    expect(await alertDialog()).toHaveTextContent(MSG.api.conflict);
    await answerAlert();
    expect(screen.getByRole('dialog', { name: M.editTitle })).toBeInTheDocument();
  });
});
