/**
 * Rendering a patients screen as the shell mounts it: under
 * /psychologist/dashboard, signed in as the test psychologist.
 */
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithApp, testPsychologist } from '@psicocampus/shared/testing';

export const BASE = '/psychologist/dashboard';

export const session = { token: 'token-psicologa', user: testPsychologist };

/** Stands for a screen a test navigates to, showing where the router is (with the query and the hash). */
export function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="landing" data-state={JSON.stringify(location.state ?? null)}>
      {name} {location.pathname}
      {location.search}
      {location.hash}
    </p>
  );
}

export function renderScreen(
  element: ReactNode,
  options: {
    route: string;
    path: string;
    otherRoutes?: Array<{ path: string; element: ReactNode }>;
    /** The history entry's state, as a navigation that carries one leaves it. */
    state?: unknown;
  },
) {
  return renderWithApp(element, { ...options, session });
}

/** Where the test landed ('detalle /psychologist/dashboard/patients/1?nota=7'). */
export async function landing(): Promise<string> {
  return (await screen.findByTestId('landing')).textContent ?? '';
}

/** The sweetalert2 dialog on screen (not the app's own modals). */
export async function alertDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const popup = document.querySelector<HTMLElement>('.swal2-popup');
    if (!popup || !popup.isConnected) throw new Error('no dialog yet');
    return popup;
  });
}

/**
 * Clicks a button of the sweetalert2 dialog ('Aceptar', 'Sí, eliminar',
 * 'Cancelar') and waits for that dialog to go (another may follow it).
 */
export async function answerAlert(button = 'Aceptar'): Promise<void> {
  const popup = await alertDialog();
  const shown = popup.textContent;
  await userEvent.click(within(popup).getByRole('button', { name: button }));
  await waitFor(() => {
    const current = document.querySelector('.swal2-popup');
    expect(current === null || !popup.isConnected || current.textContent !== shown).toBe(true);
  });
}
