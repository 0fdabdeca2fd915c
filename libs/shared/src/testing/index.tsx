/**
 * Test helpers for the front ends' component tests (never bundled: only
 * *.test.tsx files import this entry).
 */
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { AppointmentsMonth, SessionUser } from '@psicocampus/shared/domain';
import { createAppStore, type AppStore } from '@psicocampus/shared/core';
import { GuardedMemoryRouter } from '@psicocampus/shared/ui';

export const testPsychologist: SessionUser = {
  id: '5b0c3f64-7a8e-4c39-9d5c-1f0e2a9b7c11',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};

export const testAdmin: SessionUser = {
  id: '0d2a6b1e-3c4f-4e5a-8b7c-9d0e1f2a3b4c',
  role: 'ADMIN',
  firstName: 'Ana',
  lastName: 'Administradora',
  email: 'admin@psicocampus.test',
};

/** One month of GET /api/statistics/appointments: zero of each status unless `counts` says. */
export function appointmentsMonth(
  key: string,
  label: string,
  counts: Partial<AppointmentsMonth['counts']> = {},
): AppointmentsMonth {
  return {
    key,
    label,
    counts: { SCHEDULED: 0, ATTENDED: 0, NO_SHOW: 0, CANCELLED: 0, ...counts },
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

/**
 * Replaces fetch with `handler`, which answers the calls it knows (return
 * undefined for a 404). Returns the calls made, with their JSON bodies.
 */
export function stubApi(handler: Handler): RecordedCall[] {
  const calls: RecordedCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (an upload): keep the text
    }
    const call = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers: request.headers,
      body,
    };
    calls.push(call);
    return (
      (await handler(call)) ?? Response.json({ ok: false, msg: 'No encontrado' }, { status: 404 })
    );
  }) as typeof fetch;
  return calls;
}

/** A promise and its resolver, to hold a call open ('Subiendo...', 'Iniciando sesión...'). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Shows the router's current location, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

export interface RenderOptions {
  /** Where the router starts, e.g. '/psychologist/dashboard/patients/1'. */
  route?: string;
  /** The route pattern the element is mounted at, e.g. '/psychologist/dashboard/patients/:id'. */
  path?: string;
  /** State of the initial history entry. */
  state?: unknown;
  session?: { token: string; user: SessionUser } | null;
  /** Other routes to render, e.g. where a page navigates to. */
  otherRoutes?: Array<{ path: string; element: ReactNode }>;
}

/**
 * Renders a screen with the product's store and a router, as the shell
 * would: its router asks before a form's text is left behind
 * (docs/screens-and-routes.md#leaving-a-form).
 */
export async function renderWithApp(
  element: ReactNode,
  { route = '/', path = route, state, session = null, otherRoutes = [] }: RenderOptions = {},
): Promise<{ store: AppStore; location: () => string }> {
  const store = createAppStore({ session });
  await act(async () => {
    render(
      <Provider store={store}>
        <GuardedMemoryRouter
          initialEntries={[
            {
              pathname: route.split('?')[0],
              search: route.includes('?') ? `?${route.split('?')[1]}` : '',
              state,
            },
          ]}
        >
          <Routes>
            <Route path={path} element={element} />
            {otherRoutes.map((other) => (
              <Route key={other.path} path={other.path} element={other.element} />
            ))}
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </GuardedMemoryRouter>
      </Provider>,
    );
  });
  return {
    store,
    location: () => document.querySelector('[data-testid="location"]')?.textContent ?? '',
  };
}
