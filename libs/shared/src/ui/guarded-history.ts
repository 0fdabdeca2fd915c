import type { HistoryRouterProps, Location, To } from 'react-router-dom';

/** The history a router navigates through (the browser's, or one in memory). */
export type RouterHistory = HistoryRouterProps['history'];

type Update = Parameters<Parameters<RouterHistory['listen']>[0]>[0];

/** What the guard asks of the page it runs in. */
export interface LeavePolicy {
  /** Whether a question may be asked now: never once the session has ended. */
  mayAsk(): boolean;
  /** '¿Descartar los cambios?': resolves true to leave. */
  ask(): Promise<boolean>;
  /** Closes the question when the page went elsewhere anyway. */
  dismiss(): void;
}

export interface LeaveRegistry {
  /** Adds a form's "holds unsaved text?"; the function returned removes it. */
  add(unsaved: () => boolean): () => void;
  /** Runs `go`, whose navigation (started at once) leaves without asking. */
  leaveWithoutAsking(go: () => void): void;
}

/**
 * Wraps a router's history so that a navigation which would take a form's
 * unsaved text off the page waits for '¿Descartar los cambios?'
 * (docs/screens-and-routes.md#leaving-a-form): links and `navigate()` (push,
 * replace) wait before they happen; the browser's back and forward buttons
 * (a pop the page learns of afterwards) are undone first, and redone if the
 * answer is to leave. A move within the page (its #anchor) never asks.
 */
export function guardHistory(
  inner: RouterHistory,
  policy: LeavePolicy,
): { history: RouterHistory; registry: LeaveRegistry } {
  const forms = new Set<() => boolean>();
  let shown: Location = inner.location;
  let bypass = false;
  // The question showing, by number: an answer to an older one is void.
  let question = 0;
  let asking = false;
  let undoing = false;
  let redoing = false;

  const leaves = (to: To) => {
    const url = inner.createURL(to);
    return url.pathname !== shown.pathname || url.search !== shown.search;
  };
  const needsAsking = (to: To) =>
    !bypass && leaves(to) && policy.mayAsk() && [...forms].some((unsaved) => unsaved());

  function afterAsking(go: () => void) {
    if (asking) return;
    asking = true;
    const mine = ++question;
    void policy.ask().then((leave) => {
      if (mine !== question) return;
      asking = false;
      if (leave) go();
    });
  }

  /** Whether a pop goes on to the router; an unwanted one is undone (and asked about). */
  function letPop({ location, delta }: Update): boolean {
    if (undoing) {
      undoing = false;
      return false;
    }
    if (redoing) {
      redoing = false;
      return true;
    }
    // An entry this history did not make cannot be told apart: it goes.
    if (!delta || !needsAsking(location)) return true;
    undoing = true;
    inner.go(-delta);
    afterAsking(() => {
      redoing = true;
      inner.go(delta);
    });
    return false;
  }

  const history: RouterHistory = {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    go: (delta) => inner.go(delta),
    push(to, state) {
      if (needsAsking(to)) afterAsking(() => inner.push(to, state));
      else inner.push(to, state);
    },
    replace(to, state) {
      if (needsAsking(to)) afterAsking(() => inner.replace(to, state));
      else inner.replace(to, state);
    },
    listen(listener) {
      return inner.listen((update) => {
        if (update.action === 'POP' && !letPop(update)) return;
        shown = update.location;
        if (asking) {
          // The page went elsewhere anyway (the session ended): the question is moot.
          asking = false;
          question += 1;
          policy.dismiss();
        }
        listener(update);
      });
    },
  };

  const registry: LeaveRegistry = {
    add(unsaved) {
      forms.add(unsaved);
      return () => {
        forms.delete(unsaved);
      };
    },
    leaveWithoutAsking(go) {
      bypass = true;
      try {
        go();
      } finally {
        bypass = false;
      }
    },
  };
  return { history, registry };
}
