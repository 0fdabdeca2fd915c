import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { Link, MemoryRouter, Navigate, useNavigate } from 'react-router-dom';
import {
  createAppStore,
  selectSessionToken,
  sessionEnded,
  useAppSelector,
} from '@psicocampus/shared/core';
import { MSG } from '@psicocampus/shared/domain';
import { renderWithApp, testPsychologist } from '@psicocampus/shared/testing';
import { useLeaveGuard, useLeaveWithoutAsking, type LeaveGuardOptions } from './leave-guard';

const session = { token: 't', user: testPsychologist };

/** A screen with one text box, a link elsewhere, one within the page and a save that leaves. */
function Writing(options: LeaveGuardOptions) {
  const [text, setText] = useState('');
  useLeaveGuard(text !== '', options);
  const navigate = useNavigate();
  const leave = useLeaveWithoutAsking();
  return (
    <>
      <label>
        Texto
        <textarea value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/otra">Ir a otra pantalla</Link>
      <Link to="#abajo">Más abajo</Link>
      <button type="button" onClick={() => leave(() => void navigate('/otra'))}>
        Guardar y salir
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás
      </button>
    </>
  );
}

/** As the shell does: a session that ends leads to /login. */
function ToLoginWhenSessionEnds() {
  const token = useAppSelector(selectSessionToken);
  return token ? null : <Navigate to="/login" replace />;
}

async function renderWriting(options: LeaveGuardOptions = {}) {
  return renderWithApp(<Writing {...options} />, {
    route: '/escribir',
    otherRoutes: [{ path: '/otra', element: <h1>Otra pantalla</h1> }],
    session,
  });
}

const textBox = () => screen.getByRole('textbox', { name: 'Texto' });

async function answer(button: string) {
  // The first dialog of a test file waits for sweetalert2 to load.
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
  expect(dialog).toHaveTextContent(MSG.drafts.discardTitle);
  expect(dialog).toHaveTextContent(MSG.drafts.discardText);
  await userEvent.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
}

afterEach(async () => {
  (await import('sweetalert2')).default.close();
});

describe('leaving a screen with text typed (docs/screens-and-routes.md#leaving-a-form)', () => {
  it("asks '¿Descartar los cambios?' before a link takes the text away; 'Cancelar' keeps it", async () => {
    const { location } = await renderWriting();
    await userEvent.type(textBox(), 'Plan a medio escribir');

    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra pantalla' }));
    await answer(MSG.common.cancel);
    expect(location()).toBe('/escribir');
    expect(textBox()).toHaveValue('Plan a medio escribir');

    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra pantalla' }));
    await answer(MSG.drafts.discardConfirm);
    expect(await screen.findByRole('heading', { name: 'Otra pantalla' })).toBeInTheDocument();
    expect(location()).toBe('/otra');
  });

  it('asks before going back in the history too', async () => {
    const { location } = await renderWithApp(<Writing />, {
      route: '/escribir',
      otherRoutes: [{ path: '/otra', element: <Link to="/escribir">Volver</Link> }],
      session,
    });
    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra pantalla' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Volver' }));
    await userEvent.type(textBox(), 'Algo');

    await userEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    await answer(MSG.common.cancel);
    expect(location()).toBe('/escribir');
    expect(textBox()).toHaveValue('Algo');

    await userEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    await answer(MSG.drafts.discardConfirm);
    expect(await screen.findByRole('link', { name: 'Volver' })).toBeInTheDocument();
    expect(location()).toBe('/otra');
  });

  it('leaves at once when nothing was typed, or within the page', async () => {
    const { location } = await renderWriting();
    await userEvent.type(textBox(), 'Algo');
    await userEvent.click(screen.getByRole('link', { name: 'Más abajo' }));
    expect(location()).toBe('/escribir');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.clear(textBox());
    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra pantalla' }));
    expect(await screen.findByRole('heading', { name: 'Otra pantalla' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a navigation the person already chose (a save) go without asking', async () => {
    await renderWriting();
    await userEvent.type(textBox(), 'Guardado');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar y salir' }));
    expect(await screen.findByRole('heading', { name: 'Otra pantalla' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the question when the session ends meanwhile and the page goes to /login', async () => {
    const { store, location } = await renderWithApp(
      <>
        <Writing />
        <ToLoginWhenSessionEnds />
      </>,
      {
        route: '/escribir',
        otherRoutes: [{ path: '/login', element: <h1>Acceso</h1> }],
        session,
      },
    );
    await userEvent.type(textBox(), 'Nota larga');
    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra pantalla' }));
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    act(() => {
      store.dispatch(sessionEnded({ reason: 'expired' }));
    });
    expect(await screen.findByRole('heading', { name: 'Acceso' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
  });

  it('never stops the way to /login when the session ends (its drafts wait for the next sign-in)', async () => {
    const { store, location } = await renderWriting();
    await userEvent.type(textBox(), 'Nota larga');
    act(() => {
      store.dispatch(sessionEnded({ reason: 'expired' }));
    });
    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra pantalla' }));
    expect(await screen.findByRole('heading', { name: 'Otra pantalla' })).toBeInTheDocument();
    expect(location()).toBe('/otra');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has the browser ask before unloading only when the text would be lost', async () => {
    await renderWriting();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(textBox(), 'Sin borrador');
    expect(unload()).toBe(true);
    cleanup();

    await renderWriting({ keptAcrossReload: true });
    await userEvent.type(textBox(), 'Con borrador en la pestaña');
    expect(unload()).toBe(false);
  });

  it('works under a plain router (the assessment embed): no question, nothing thrown', async () => {
    render(
      <Provider store={createAppStore({ session })}>
        <MemoryRouter initialEntries={['/escribir']}>
          <Writing />
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.type(textBox(), 'Texto');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar y salir' }));
    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra pantalla' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
