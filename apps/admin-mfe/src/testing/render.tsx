/**
 * Rendering an admin screen as the shell mounts it: under /dashboard,
 * signed in as the test administrator.
 */
import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithApp, testAdmin } from '@psicocampus/shared/testing';

export const BASE = '/dashboard';

export const session = { token: 'token-admin', user: testAdmin };

/** Stands for a screen a test navigates to, showing where the router is. */
export function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="landing">
      {name} {location.pathname}
      {location.search}
    </p>
  );
}

/** Renders the screen of `/dashboard/<child>`, starting at `search` ('?page=2'). */
export function renderScreen(
  element: ReactNode,
  child: string,
  options: { search?: string; otherRoutes?: Array<{ path: string; element: ReactNode }> } = {},
) {
  return renderWithApp(element, {
    route: `${BASE}/${child}${options.search ?? ''}`,
    path: `${BASE}/${child}`,
    session,
    otherRoutes: options.otherRoutes,
  });
}

/** Where the test landed ('usuarios /dashboard/users'). */
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
 * Clicks a button of the sweetalert2 dialog ('Aceptar', 'Sí, desactivar',
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
