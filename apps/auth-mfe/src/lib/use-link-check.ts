import { useEffect, useState } from 'react';

/** A link's token as its page knows it, once the server has been asked about it. */
export type LinkState<Check> =
  | { kind: 'missing' }
  | { kind: 'checking'; token: string }
  | { kind: 'invalid'; token: string }
  | { kind: 'valid'; token: string; check: Check };

/** The check call of a mutation hook (`useCheckResetTokenMutation()[0]`). */
type CheckCall<Check> = (arg: { token: string }) => { unwrap(): Promise<Check> };

type Outcome<Check> = { token: string; check: Check | null };

/**
 * A single-use link's token (a reset link, an e-mail confirmation), checked
 * with the server when its page opens. Checking spends nothing; the page's
 * own button does. A refusal of that button marks the link invalid.
 */
export function useLinkCheck<Check>(token: string, check: CheckCall<Check>) {
  const [outcome, setOutcome] = useState<Outcome<Check> | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    check({ token })
      .unwrap()
      .then(
        (answer) => current && setOutcome({ token, check: answer }),
        () => current && setOutcome({ token, check: null }),
      );
    return () => {
      current = false;
    };
  }, [check, token]);

  let state: LinkState<Check>;
  if (!token) state = { kind: 'missing' };
  else if (outcome?.token !== token) state = { kind: 'checking', token };
  else if (outcome.check) state = { kind: 'valid', token, check: outcome.check };
  else state = { kind: 'invalid', token };

  return { state, markInvalid: () => setOutcome({ token, check: null }) };
}
