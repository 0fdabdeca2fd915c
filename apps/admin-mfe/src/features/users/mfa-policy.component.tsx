import { useState } from 'react';
import { errorMessage, useMfaPolicyQuery, useSaveMfaPolicyMutation } from '@psicocampus/shared';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { LoadingMessage, Notice, SectionCard } from '@psicocampus/shared/ui';

/**
 * The service's second-factor policy: always for administrators
 * when the server says so; for psychologists, a switch an administrator
 * turns on, after which each enrols at their next sign-in.
 */
export function MfaPolicyCard() {
  const policy = useMfaPolicyQuery();
  const [save, saving] = useSaveMfaPolicyMutation();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const current = policy.data?.policy;

  return (
    <SectionCard title={MFA_MSG.policyTitle}>
      {policy.isLoading && <LoadingMessage text={MFA_MSG.policyTitle} />}
      {policy.isError && <Notice tone="error">{MFA_MSG.loadError}</Notice>}
      {current && (
        <>
          {current.adminsRequired && <p>{MFA_MSG.policyAdmins}</p>}
          <label>
            <input
              type="checkbox"
              checked={current.psychologistsRequired}
              disabled={saving.isLoading}
              onChange={async (event) => {
                setMessage(null);
                try {
                  const answer = await save({
                    psychologistsRequired: event.target.checked,
                  }).unwrap();
                  setMessage({ tone: 'success', text: answer.msg });
                } catch (error) {
                  setMessage({ tone: 'error', text: errorMessage(error, MFA_MSG.saveError) });
                }
              }}
            />{' '}
            {MFA_MSG.policyPsychologists}
          </label>
        </>
      )}
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
    </SectionCard>
  );
}
