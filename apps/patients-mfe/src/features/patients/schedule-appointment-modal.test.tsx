import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeStudent } from '../../testing/fixtures';
import { fakeLayout } from '../../testing/layout';
import { alertDialog, answerAlert, BASE, renderScreen } from '../../testing/render';
import PatientsListPage from './patients-list.page';

/* 'Agendar' from the list: closing with something typed asks first. */

const jose = makeStudent({ firstName: 'José', lastName: 'Pérez' });
const TITLE = 'Agendar cita: José Pérez';

async function openSchedule() {
  stubApi((call) =>
    call.method === 'GET' && call.path === '/api/students'
      ? json({ ok: true, students: [jose], total: 1 })
      : undefined,
  );
  await renderScreen(<PatientsListPage />, {
    route: `${BASE}/patients`,
    path: `${BASE}/patients`,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Agendar (José Pérez)' }));
  return screen.getByRole('dialog', { name: TITLE });
}

const modal = () => screen.queryByRole('dialog', { name: TITLE });

let restoreLayout: () => void;
beforeEach(() => {
  sessionStorage.clear();
  restoreLayout = fakeLayout();
});
afterEach(() => {
  restoreLayout();
  document.body.innerHTML = '';
});

describe('closing the appointment modal', () => {
  it('closes without asking when nothing was typed', async () => {
    const dialog = await openSchedule();
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.common.cancel }));
    expect(modal()).toBeNull();
    expect(document.querySelector('.swal2-popup')).toBeNull();
  });

  it.each([
    [
      'Cancelar',
      (dialog: HTMLElement) =>
        within(dialog).getByRole('button', { name: MSG.common.cancel }).click(),
    ],
    [
      '×',
      (dialog: HTMLElement) =>
        within(dialog).getByRole('button', { name: MSG.common.closeDialog }).click(),
    ],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
  ])("asks '¿Descartar los cambios?' on %s; keeping on keeps the text", async (_how, close) => {
    const dialog = await openSchedule();
    await userEvent.type(within(dialog).getByLabelText(/^Motivo/), 'Seguimiento');
    close(dialog);
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(within(modal()!).getByLabelText(/^Motivo/)).toHaveValue('Seguimiento');

    close(modal()!);
    await answerAlert(MSG.drafts.discardConfirm);
    expect(modal()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Agendar (José Pérez)' }));
    expect(within(modal()!).getByLabelText(/^Motivo/)).toHaveValue('');
  });
});
