import { useState } from 'react';
import { errorMessage, useRetryMailMutation } from '@psicocampus/shared';
import { MAIL_TEXTS, type QueuedMailView } from '@psicocampus/shared/mail';

/** What the last retry came to, shown above the list until the next one. */
export interface MailRetryOutcome {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/**
 * Tries a mail again. A retry that the server took but that did not leave
 * this time is a warning, not a success: the mail is still waiting.
 */
export function useMailRetry() {
  const [retryMail] = useRetryMailMutation();
  const [retrying, setRetrying] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<MailRetryOutcome | null>(null);

  const retry = async (mail: QueuedMailView) => {
    setRetrying(mail._id);
    setOutcome(null);
    try {
      const answer = await retryMail(mail._id).unwrap();
      setOutcome({ tone: answer.mail.status === 'sent' ? 'success' : 'warning', text: answer.msg });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, MAIL_TEXTS.retryFailed) });
    } finally {
      setRetrying(null);
    }
  };

  return { retry, retrying, outcome };
}
