import { useParams } from 'react-router-dom';
import { useCheckEmailChangeMutation, type EmailChangeCheck } from '@psicocampus/shared';
import { useLinkCheck, type LinkState } from '../../lib/use-link-check';

export type EmailChangeLinkState = LinkState<EmailChangeCheck>;

/**
 * The token of /confirm-email/:token, checked with the server when the page
 * opens. Only the button confirms: mail scanners open links, and must not
 * confirm anything by doing so.
 */
export function useEmailChangeLink() {
  const [check] = useCheckEmailChangeMutation();
  return useLinkCheck(useParams().token ?? '', check);
}
