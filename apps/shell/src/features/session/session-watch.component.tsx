import { useIdleWarning } from './use-idle-warning';
import { useSessionSync } from './use-session-sync';

/** The session's background duties; renders nothing. */
export function SessionWatch() {
  useIdleWarning();
  useSessionSync();
  return null;
}
