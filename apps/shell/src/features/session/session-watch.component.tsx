import { useDraftsOfSignedInUser } from './use-drafts-of-signed-in-user';
import { useIdleWarning } from './use-idle-warning';
import { useSessionSync } from './use-session-sync';
import { useTypingKeepsSession } from './use-typing-keeps-session';

/** The session's background duties; renders nothing. */
export function SessionWatch() {
  useIdleWarning();
  useTypingKeepsSession();
  useSessionSync();
  useDraftsOfSignedInUser();
  return null;
}
