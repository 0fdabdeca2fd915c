import { useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import {
  isTimeZone,
  knownServiceTimeZone,
  onServiceTimeZoneChange,
  serviceTimeZone,
  setServiceTimeZone,
} from '@psicocampus/shared/domain';
import { useServiceQuery } from './appointments.api';

/**
 * The zone every appointment is shown and typed in: the service's
 * SERVICE_TIME_ZONE (GET /api/service), so that a psychologist travelling,
 * or a browser set to UTC, sees the 10:00 the student's reminder and the
 * server's messages say. `ready` is false until the server has answered (or
 * failed to, when the browser's zone is used).
 */
export function useServiceTimeZone(): { zone: string; ready: boolean } {
  const service = useServiceQuery();
  const said = service.data?.service?.timeZone;
  return {
    zone: isTimeZone(said) ? said : serviceTimeZone(),
    ready: !service.isLoading,
  };
}

/**
 * Asks the server its zone and makes it the clock every formatter of the
 * shared library reads (docs/decisions.md#one-clock). True once dates may be
 * shown: the zone is set, or the server could not say it (the browser's zone
 * then stands in).
 */
export function useServiceClock(): boolean {
  const service = useServiceQuery();
  const said = service.data?.service?.timeZone;
  useLayoutEffect(() => {
    if (isTimeZone(said)) setServiceTimeZone(said);
  }, [said]);
  const known = useSyncExternalStore(
    onServiceTimeZoneChange,
    knownServiceTimeZone,
    knownServiceTimeZone,
  );
  return known !== null || service.isError || (service.isSuccess && !isTimeZone(said));
}

/**
 * Shows `children` once the service's clock is known, `fallback` until
 * then: what a screen formats is never first drawn on the browser's clock
 * and left there (the formatters are not hooks, so nothing would redraw it).
 */
export function ServiceClockGate({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: ReactNode;
}) {
  return useServiceClock() ? children : fallback;
}
