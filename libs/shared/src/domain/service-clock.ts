/**
 * The one clock every date and time a person reads is shown on: the
 * service's (SERVICE_TIME_ZONE, docs/decisions.md#one-clock), whatever zone
 * the browser or the server's machine is set to. The browser learns it from
 * `GET /api/service` (`useServiceClock` in the package's main entry) and
 * keeps it here; until then, and wherever it is never said, the browser's
 * own zone stands in. The server passes `config.serviceTimeZone` explicitly
 * to every formatter instead (lint holds it), so nothing here is set there.
 */

/** The zone of the machine this runs on: the browser's, or the server process's. */
export const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

interface ClockState {
  zone: string | null;
  listeners: Set<() => void>;
}

/*
 * Kept on the global object, not in this module: the shared library's
 * entries are separate modules in the page (its main entry carries a copy
 * of the domain, `@psicocampus/shared/domain` another), and every copy must
 * read the one zone.
 */
const STATE_KEY = Symbol.for('psicocampus.serviceTimeZone');

function state(): ClockState {
  const scope = globalThis as unknown as Record<symbol, ClockState | undefined>;
  let current = scope[STATE_KEY];
  if (!current) {
    current = { zone: null, listeners: new Set() };
    scope[STATE_KEY] = current;
  }
  return current;
}

/** Whether `zone` is an IANA name this runtime knows ('America/Guayaquil'). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets the service's zone (null forgets it, as a test does). A name the
 * runtime does not know is ignored: the browser's zone then stays, rather
 * than every date on the page failing to format.
 */
export function setServiceTimeZone(zone: string | null): void {
  const next = zone !== null && isTimeZone(zone) ? zone : null;
  const current = state();
  if (current.zone === next) return;
  current.zone = next;
  for (const listener of [...current.listeners]) listener();
}

/** The service's zone once said, else null. */
export function knownServiceTimeZone(): string | null {
  return state().zone;
}

/** The zone dates and times are shown in: the service's once known, else this machine's. */
export function serviceTimeZone(): string {
  return state().zone ?? BROWSER_TIME_ZONE;
}

/** Calls `listener` whenever the service's zone is set; returns the unsubscribe. */
export function onServiceTimeZoneChange(listener: () => void): () => void {
  const { listeners } = state();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
