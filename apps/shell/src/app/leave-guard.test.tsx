import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MSG, type RemoteModule } from '@psicocampus/shared';
import { useLeaveGuard } from '@psicocampus/shared/ui';
import {
  installFetch,
  psychologist,
  remoteRegistry,
  renderShell,
  serveStandIns,
  standInRemotes,
} from '../testing/shell-harness';

/*
 * The shell's router asks before a remote's form is left with text typed
 * (docs/screens-and-routes.md#leaving-a-form): its menu links and the
 * browser's back button do; the way to /login after "Cerrar sesión" does not.
 */

/** A remote screen with one text box, guarded as every form screen is. */
function PlanStandIn() {
  const [text, setText] = useState('');
  useLeaveGuard(text !== '', { keptAcrossReload: true });
  return (
    <>
      <h1>Plan de seguridad</h1>
      <label>
        Señales de alerta
        <textarea value={text} onChange={(event) => setText(event.target.value)} />
      </label>
    </>
  );
}

const remotes: Record<string, RemoteModule> = {
  ...standInRemotes,
  patients: {
    ...standInRemotes.patients!,
    routes: [
      ...standInRemotes.patients!.routes,
      { path: 'patients/1/safety-plan', element: <PlanStandIn /> },
    ],
  },
};

beforeAll(async () => {
  installFetch();
  serveStandIns(new Set(), remotes);
  await remoteRegistry.init();
});
beforeEach(() => serveStandIns(new Set(), remotes));
afterEach(async () => {
  (await import('sweetalert2')).default.close();
});

async function typeInPlan(text: string) {
  await renderShell('/psychologist/dashboard/patients/1/safety-plan', {
    token: 't',
    user: psychologist,
  });
  const box = await screen.findByLabelText('Señales de alerta');
  if (text) await userEvent.type(box, text);
}

async function answer(button: string) {
  // The first dialog of a test file waits for sweetalert2 to load.
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
  expect(dialog).toHaveTextContent(MSG.drafts.discardTitle);
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
}

describe("the shell's router and a form's text", () => {
  it('asks before a menu link leaves the text; Cancelar keeps it, Sí, descartar leaves', async () => {
    await typeInPlan('Insomnio');
    const nav = screen.getByRole('navigation', { name: MSG.shell.mainNav });

    await userEvent.click(within(nav).getByRole('link', { name: 'Mis Pacientes' }));
    await answer(MSG.common.cancel);
    expect(window.location.pathname).toBe('/psychologist/dashboard/patients/1/safety-plan');
    expect(screen.getByLabelText('Señales de alerta')).toHaveValue('Insomnio');

    await userEvent.click(within(nav).getByRole('link', { name: 'Mis Pacientes' }));
    await answer(MSG.drafts.discardConfirm);
    expect(await screen.findByRole('heading', { name: 'Lista de pacientes' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/psychologist/dashboard/patients');
  });

  it("asks before the browser's back and forward buttons leave the text", async () => {
    await typeInPlan('');
    const nav = screen.getByRole('navigation', { name: MSG.shell.mainNav });
    await userEvent.click(within(nav).getByRole('link', { name: 'Mis Pacientes' }));
    await screen.findByRole('heading', { name: 'Lista de pacientes' });
    window.history.back();
    await userEvent.type(await screen.findByLabelText('Señales de alerta'), 'Insomnio');

    window.history.forward();
    await answer(MSG.common.cancel);
    expect(window.location.pathname).toBe('/psychologist/dashboard/patients/1/safety-plan');
    expect(screen.getByLabelText('Señales de alerta')).toHaveValue('Insomnio');
  });

  it('does not stop "Cerrar sesión" on its way to /login', async () => {
    await typeInPlan('Insomnio');
    await userEvent.click(screen.getByRole('button', { name: MSG.shell.logout }));
    expect(await screen.findByRole('heading', { name: 'Pantalla de acceso' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
