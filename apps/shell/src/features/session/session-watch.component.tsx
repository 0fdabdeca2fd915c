import { lazy, Suspense } from 'react';
import { selectSessionToken, useAppSelector } from '@psicocampus/shared/core';
import { useSessionSync } from './use-session-sync';

const SignedInDuties = lazy(() => import('./signed-in-duties.component'));

/** The session's background duties; renders nothing. */
export function SessionWatch() {
  useSessionSync();
  const token = useAppSelector(selectSessionToken);
  return token ? (
    <Suspense fallback={null}>
      <SignedInDuties />
    </Suspense>
  ) : null;
}
