import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { VIEW_NAMES, VIEW_PARAM, type AgendaView } from '../../lib/agenda-address';

/** Below this width the week does not fit: the list is the first view. */
const NARROW = '(max-width: 767px)';

/**
 * The view the agenda shows: the one the address names, else the week (the
 * list on a narrow screen). Changing it rewrites the address in place, so
 * that the browser's back leaves the agenda rather than walking its views.
 */
export function useAgendaView(): [AgendaView, (view: AgendaView) => void] {
  const [params, setParams] = useSearchParams();
  const [fallback] = useState<AgendaView>(() =>
    window.matchMedia?.(NARROW).matches ? 'list' : 'week',
  );
  const named = params.get(VIEW_PARAM);
  const view =
    (Object.keys(VIEW_NAMES) as AgendaView[]).find((key) => VIEW_NAMES[key] === named) ?? fallback;
  const setView = useCallback(
    (next: AgendaView) =>
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          changed.set(VIEW_PARAM, VIEW_NAMES[next]);
          return changed;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [view, setView];
}
