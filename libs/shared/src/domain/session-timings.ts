/**
 * How long a session lives, and when the page acts before it ends
 * (docs/sign-in-and-sessions.md#sessions). The server ends sessions by these
 * numbers and the shell warns and keeps sessions alive by the same ones: a
 * warning that came after the server's end, or a keep-alive slower than the
 * idle limit, would lose what a clinician types. So they are written once,
 * here; the pages that state them in minutes are held to them by
 * tools/test/session-timings-docs.test.ts.
 */
export const SESSION_TIMINGS = {
  /** A session ends this long after its last call... */
  idleMs: 30 * 60_000,
  /** ...and this long after login in any case. */
  absoluteMs: 12 * 60 * 60_000,
  /** The page asks '¿Sigues ahí?' this long after the last call (before `idleMs`). */
  warnAfterMs: 25 * 60_000,
  /** Typing after this long without calls makes one call that keeps the session. */
  typingKeepAliveMs: 10 * 60_000,
} as const;
