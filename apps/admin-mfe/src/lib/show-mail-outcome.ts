import { mailLeft, MAIL_TEXTS, type MailOutcome } from '@psicocampus/shared/mail';
import { showSuccess, showWarning } from '@psicocampus/shared/ui';

/**
 * Says what an administrator's action did, with its mail's fate (docs/decisions.md#mail):
 * a success when the mail left, a warning when it is still queued — the
 * server's text then says it will be retried and where to follow it.
 */
export async function showMailOutcome(message: string, mail: MailOutcome | undefined) {
  if (mailLeft(mail)) await showSuccess(message);
  else await showWarning(MAIL_TEXTS.notSentYetTitle, message);
}
