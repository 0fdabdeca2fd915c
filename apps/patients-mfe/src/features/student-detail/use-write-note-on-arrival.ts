import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { asksToWriteNote } from '../../lib/anchors';

/**
 * The list's 'Notas' lands on the student's notes with the
 * new-note modal open, once the student is on the screen. The request is
 * taken off the history entry, so going back or reloading does not open it
 * again.
 */
export function useWriteNoteOnArrival(startNew: () => void, ready: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = asksToWriteNote(location.state);
  useEffect(() => {
    if (!ready || !asked) return;
    startNew();
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [asked, location.hash, location.pathname, location.search, navigate, ready, startNew]);
}
