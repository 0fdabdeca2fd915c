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

/** What the guard remembers between navigations. */
interface GuardState {
  /** Each form's "holds unsaved text?". */
  readonly forms: Set<() => boolean>;
  /** The location the router was last told of: what the page shows. */
  shown: Location;
  /** Inside `leaveWithoutAsking`: navigations go without a question. */
  bypass: boolean;
  // The question showing, by number: an answer to an older one is void.
  question: number;
  asking: boolean;
  /** A pop undone, whose own pop the router must not see. */
  undoing: boolean;
  /** A pop redone after 'leave', which the router must see. */
  redoing: boolean;
}

/** Everything the wrapped history's methods share. */
interface Guard {
  inner: RouterHistory;
  policy: LeavePolicy;
  state: GuardState;
  needsAsking(to: To): boolean;
  /** Asks, unless a question is already showing, and runs `go` if the answer is to leave. */
  afterAsking(go: () => void): void;
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
  const state: GuardState = {
    forms: new Set(),
    shown: inner.location,
    bypass: false,
    question: 0,
    asking: false,
    undoing: false,
    redoing: false,
  };
  const guard: Guard = {
    inner,
    policy,
    state,
    needsAsking: (to) =>
      !state.bypass &&
      leavesPage(inner, state.shown, to) &&
      policy.mayAsk() &&
      [...state.forms].some((unsaved) => unsaved()),
    afterAsking: (go) => askThen(state, policy, go),
  };
  return { history: guardedHistory(guard), registry: leaveRegistry(state) };
}

/** Whether `to` is another page than `shown`: a move to an #anchor is not. */
function leavesPage(inner: RouterHistory, shown: Location, to: To): boolean {
  const url = inner.createURL(to);
  return url.pathname !== shown.pathname || url.search !== shown.search;
}

function askThen(state: GuardState, policy: LeavePolicy, go: () => void) {
  if (state.asking) return;
  state.asking = true;
  const mine = ++state.question;
  void policy.ask().then((leave) => {
    if (mine !== state.question) return;
    state.asking = false;
    if (leave) go();
  });
}

/** Whether a pop goes on to the router; an unwanted one is undone (and asked about). */
function letPop({ inner, state, needsAsking, afterAsking }: Guard, { location, delta }: Update) {
  if (state.undoing) {
    state.undoing = false;
    return false;
  }
  if (state.redoing) {
    state.redoing = false;
    return true;
  }
  // An entry this history did not make cannot be told apart: it goes.
  if (!delta || !needsAsking(location)) return true;
  state.undoing = true;
  inner.go(-delta);
  afterAsking(() => {
    state.redoing = true;
    inner.go(delta);
  });
  return false;
}

/** What the page shows now that the router is told of `update`. */
function settle({ state, policy }: Guard, update: Update) {
  state.shown = update.location;
  if (state.asking) {
    // The page went elsewhere anyway (the session ended): the question is moot.
    state.asking = false;
    state.question += 1;
    policy.dismiss();
  }
}

/** `inner` with push and replace asking first, and pops filtered before the router sees them. */
function guardedHistory(guard: Guard): RouterHistory {
  const { inner, needsAsking, afterAsking } = guard;
  return {
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
        if (update.action === 'POP' && !letPop(guard, update)) return;
        settle(guard, update);
        listener(update);
      });
    },
  };
}

function leaveRegistry(state: GuardState): LeaveRegistry {
  return {
    add(unsaved) {
      state.forms.add(unsaved);
      return () => {
        state.forms.delete(unsaved);
      };
    },
    leaveWithoutAsking(go) {
      state.bypass = true;
      try {
        go();
      } finally {
        state.bypass = false;
      }
    },
  };
}
