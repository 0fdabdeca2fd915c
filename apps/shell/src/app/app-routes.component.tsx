import { lazy, Suspense, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import {
  returnPathAfterLogin,
  selectSessionEndReason,
  selectSessionToken,
  selectSessionUser,
  useAppSelector,
  type LoginReturn,
} from '@psicocampus/shared/core';
import { DASHBOARD_AREAS } from '../lib/areas';
import { PublicArea } from './layout/public-area.component';
import { guardRedirect } from '../lib/route-guard';

// The dashboards, with the API cache they bring, load after sign-in:
// /login does without them (docs/limits-and-budgets.md#speed-and-size-budgets). While this small chunk arrives the
// page stays blank: a loading line there would jump when the layout replaced
// it (layout shift), and the layout shows its own while its remote loads.
const DashboardLayout = lazy(() => import('./layout/dashboard-layout.component'));

/**
 * The routes of docs/screens-and-routes.md#routes: the guard decides first, then each place of the
 * page is handed to the remotes that fill it (remote-descriptors.json).
 */
export function AppRoutes() {
  const location = useLocation();
  const token = useAppSelector(selectSessionToken);
  const user = useAppSelector(selectSessionUser);
  const endReason = useAppSelector(selectSessionEndReason);
  const guarded = guardRedirect(location.pathname, { token, user });
  // Signed in on /login: back where a lapsed session was, when that is allowed
  // (the login screen goes there too; whichever runs first, both agree).
  const returnTo =
    guarded && user && location.pathname === '/login'
      ? returnPathAfterLogin(user, location.state as LoginReturn | null)
      : null;
  const redirect = returnTo ?? guarded;
  // Who was signed in last: a lapsed session's return path is theirs alone.
  const [lastUserId, setLastUserId] = useState(user?.id ?? null);
  if (user && user.id !== lastUserId) setLastUserId(user.id);

  if (redirect) {
    // Remember where a visitor was going (or a lapsed session was), to return
    // there after login (with whose session it was, so that someone else goes
    // to their own home); not after a sign-out, when the next person may differ.
    const remember = redirect === '/login' && !token && endReason !== 'logout';
    const state = remember
      ? { from: location.pathname, ...(lastUserId ? { userId: lastUserId } : {}) }
      : undefined;
    return <Navigate to={redirect} replace state={state} />;
  }

  return (
    <Suspense fallback={null}>
      <Routes>
        {DASHBOARD_AREAS.map((area) => (
          <Route
            key={area.base}
            path={`${area.base}/*`}
            element={<DashboardLayout area={area} />}
          />
        ))}
        <Route path="*" element={<PublicArea />} />
      </Routes>
    </Suspense>
  );
}
