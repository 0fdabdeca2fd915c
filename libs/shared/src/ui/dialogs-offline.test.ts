import { MSG } from '@psicocampus/shared/domain';

// The dialog library could not be downloaded (the connection dropped after
// the page loaded): the user must still be told, and still be asked.
jest.mock('sweetalert2', () => {
  throw new Error('Loading chunk failed');
});

import { askToStayConnected, confirmDeletion, showError } from './dialogs';

describe('the product dialogs when sweetalert2 cannot be loaded', () => {
  it('fall back to the browser alert for a message', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    await showError('Sin conexión con el servidor.');
    expect(alert).toHaveBeenCalledWith(`${MSG.common.error}\n\nSin conexión con el servidor.`);
  });

  it('fall back to the browser confirm for a question, and keep its answer', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    await expect(confirmDeletion()).resolves.toBe(false);
    expect(confirm).toHaveBeenCalledWith(`${MSG.common.confirmTitle}\n\n${MSG.common.confirmText}`);
  });

  it('never block the page for the idle warning', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    await expect(askToStayConnected().answer).resolves.toBe(false);
    expect(alert).not.toHaveBeenCalled();
  });
});
