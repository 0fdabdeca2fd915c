import { useParams, useSearchParams } from 'react-router-dom';
import { useCheckResetTokenMutation, type ResetTokenCheck } from '@psicocampus/shared';
import { useLinkCheck, type LinkState } from '../../lib/use-link-check';

export type ResetLinkState = LinkState<ResetTokenCheck>;

/**
 * The link's token, from /reset-password/:token or /reset-password-form?token=,
 * checked with the server before the user types a new password.
 */
export function useResetLink() {
  const params = useParams();
  const [search] = useSearchParams();
  const [check] = useCheckResetTokenMutation();
  return useLinkCheck(params.token ?? search.get('token') ?? '', check);
}
