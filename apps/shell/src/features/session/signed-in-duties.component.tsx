import { useDraftsOfSignedInUser } from './use-drafts-of-signed-in-user';
import { useIdleWarning } from './use-idle-warning';
import { useTypingKeepsSession } from './use-typing-keeps-session';

/**
 * What the session needs only while someone is signed in; loaded then, not
 * with /login (docs/limits-and-budgets.md#speed-and-size-budgets). Renders nothing.
 */
export default function SignedInDuties() {
  useIdleWarning();
  useTypingKeepsSession();
  useDraftsOfSignedInUser();
  return null;
}
