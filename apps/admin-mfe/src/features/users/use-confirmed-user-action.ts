import { useCallback, useState } from 'react';
import { errorMessage, type StaffUser } from '@psicocampus/shared';
import type { MailOutcome } from '@psicocampus/shared/mail';
import { confirmAction, showError } from '@psicocampus/shared/ui';
import { showMailOutcome } from '../../lib/show-mail-outcome';

/** The question asked before an action on an account runs. */
export interface ActionQuestion {
  title: string;
  text: string;
  confirm: string;
}

/** What one confirmed action runs and says: the call, and its fallbacks when the server says nothing. */
export interface ConfirmedAction {
  question: ActionQuestion;
  call: () => Promise<{ msg: string; mail?: MailOutcome }>;
  done: string;
  failed: string;
}

/**
 * Asks first, then runs the call with the account busy, and says what the
 * server answered, its refusals and the mail it could not send included.
 */
export function useConfirmedUserAction() {
  const [busyId, setBusyId] = useState<string | null>(null);
  const run = useCallback(
    async (user: StaffUser, { question, call, done, failed }: ConfirmedAction) => {
      if (!(await confirmAction(question.title, question.text, question.confirm))) return;
      setBusyId(user._id);
      let message: string;
      let mail: MailOutcome | undefined;
      try {
        const answer = await call();
        message = answer.msg || done;
        mail = answer.mail;
      } catch (error) {
        setBusyId(null);
        await showError(errorMessage(error, failed));
        return;
      }
      setBusyId(null);
      await showMailOutcome(message, mail);
    },
    [],
  );
  return { busyId, run };
}
