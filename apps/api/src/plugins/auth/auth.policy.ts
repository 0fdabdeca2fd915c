/**
 * The numbers of docs/sign-in-and-sessions.md, in one place. A session's
 * lifetimes are not here: the shell's warning is timed by them too, so they
 * are `SESSION_TIMINGS` of the shared domain, which both read.
 */
export const AUTH_POLICY = {
  /** How stale `lastSeenAt` may get before a call writes it again (saves a write per call). */
  touchEveryMs: 60_000,
  /** A recovery link lives this long, and is good for one use. */
  resetTokenMs: 30 * 60_000,
  /** An invitation link lives longer: the new colleague may read it the next day. */
  inviteTokenMs: 7 * 24 * 60 * 60_000,
  /**
   * Failed logins allowed for one e-mail from one address in `failureWindowMs`;
   * the next one from that address gets 429 until the window has passed.
   */
  maxFailuresPerEmailAndAddress: 5,
  /**
   * Failed logins of one e-mail, from any addresses, in `failureWindowMs`
   * after which each further try from an address the account has not signed
   * in from waits `throttleMs(failures)` after the last failure: slowed, never
   * locked, so nobody can keep the owner out.
   */
  maxFailuresPerEmail: 5,
  failureWindowMs: 15 * 60_000,
  /** An address the account signed in from this recently is the owner's: never slowed down. */
  knownAddressMs: 30 * 24 * 60 * 60_000,
  /** Login calls allowed from one address in `addressWindowMs`; the next one gets 429. */
  maxCallsPerAddress: 30,
  addressWindowMs: 60_000,
  /** Recovery mails sent for one account in `failureWindowMs`; later requests send nothing. */
  maxResetMailsPerAccount: 3,
  /** The step between the password and a session (a code, or an enrolment) lasts this long, once. */
  mfaChallengeMs: 5 * 60_000,
  /** Wrong codes allowed for one challenge; the next code gets 429. */
  maxCodeFailuresPerChallenge: 5,
  /** Wrong codes allowed for one account in `failureWindowMs`; the next code gets 429. */
  maxCodeFailuresPerAccount: 9,
  /** Login attempts are kept this long, then deleted (a success as long as `knownAddressMs`). */
  attemptRetentionMs: 24 * 60 * 60_000,
} as const;

/**
 * How long an account slowed down by failures from many addresses waits
 * after its last failure: 15 s after the 5th, doubling with each further one,
 * at most a minute. At most about 60 guesses an hour reach the account
 * (ASVS V2.2.1 asks for fewer than 100); its owner waits a minute at worst.
 */
export function throttleMs(failures: number): number {
  const beyond = Math.max(0, failures - AUTH_POLICY.maxFailuresPerEmail);
  return Math.min(15_000 * 2 ** beyond, 60_000);
}
