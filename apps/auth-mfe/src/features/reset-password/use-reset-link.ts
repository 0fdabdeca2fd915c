import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCheckResetTokenMutation, type ResetTokenCheck } from '@psicocampus/shared';

export type ResetLinkState =
  | { kind: 'missing' }
  | { kind: 'checking'; token: string }
  | { kind: 'invalid'; token: string }
  | { kind: 'valid'; token: string; check: ResetTokenCheck };

type Outcome = { token: string; check: ResetTokenCheck | null };

/**
 * The link's token, from /reset-password/:token or /reset-password-form?token=,
 * checked with the server before the user types a new password.
 */
export function useResetLink() {
  const params = useParams();
  const [search] = useSearchParams();
  const token = params.token ?? search.get('token') ?? '';
  const [check] = useCheckResetTokenMutation();
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

  let state: ResetLinkState;
  if (!token) state = { kind: 'missing' };
  else if (outcome?.token !== token) state = { kind: 'checking', token };
  else if (outcome.check) state = { kind: 'valid', token, check: outcome.check };
  else state = { kind: 'invalid', token };

  return { state, markInvalid: () => setOutcome({ token, check: null }) };
}
