import { screen } from '@testing-library/react';
import { MSG } from '@psicocampus/shared/domain';
import { askToStayConnected, confirmDeletion, showError } from './dialogs';

describe('the product dialogs', () => {
  afterEach(async () => {
    // Whatever is still showing is closed between tests.
    (await import('sweetalert2')).default.close();
  });

  it('load sweetalert2 with the first dialog and show the message', async () => {
    void showError('No se pudo guardar la nota.');
    expect(await screen.findByText('No se pudo guardar la nota.')).toBeInTheDocument();
    expect(screen.getByText(MSG.common.error)).toBeInTheDocument();
  });

  it('close with "Aceptar", not "OK"', async () => {
    void showError('No se pudo guardar la nota.');
    const accept = await screen.findByRole('button', { name: MSG.common.accept });
    expect(accept).toHaveTextContent('Aceptar');
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
  });

  it('answer a deletion question with what the user chose', async () => {
    const answer = confirmDeletion();
    (await screen.findByRole('button', { name: MSG.common.confirmDelete })).click();
    await expect(answer).resolves.toBe(true);
  });

  it('do not show the idle warning when it was dismissed before it could appear', async () => {
    const dialog = askToStayConnected();
    dialog.close();
    await expect(dialog.answer).resolves.toBe(false);
    // Give a late dialog the chance to appear: it must not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(MSG.session.idleTitle)).not.toBeInTheDocument();
  });
});
