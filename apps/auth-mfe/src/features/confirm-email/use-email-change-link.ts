import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useCheckEmailChangeMutation, type EmailChangeCheck } from '@psicocampus/shared';

export type EmailChangeLinkState =
  | { kind: 'missing' }
  | { kind: 'checking'; token: string }
  | { kind: 'invalid'; token: string }
  | { kind: 'valid'; token: string; check: EmailChangeCheck };

type Outcome = { token: string; check: EmailChangeCheck | null };

/**
 * The token of /confirm-email/:token, checked with the server when the page
 * opens. Checking spends nothing: only the button confirms (mail scanners
 * open links, and must not confirm anything by doing so).
 */
export function useEmailChangeLink() {
  const token = useParams().token ?? '';
  const [check] = useCheckEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

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

  let state: EmailChangeLinkState;
  if (!token) state = { kind: 'missing' };
  else if (outcome?.token !== token) state = { kind: 'checking', token };
  else if (outcome.check) state = { kind: 'valid', token, check: outcome.check };
  else state = { kind: 'invalid', token };

  return { state, markInvalid: () => setOutcome({ token, check: null }) };
}
