import { useCallback, useState } from 'react';
import {
  errorMessage,
  useMfaStatusQuery,
  useResetUserMfaMutation,
  type StaffUser,
} from '@psicocampus/shared';
import { applyFieldErrors, type FormikHelpers } from '@psicocampus/shared/forms';
import {
  MFA_MSG,
  mfaResetSchema,
  mfaResetWithCodeSchema,
  withoutSpaces,
} from '@psicocampus/shared/mfa';

export interface ResetProofValues {
  password: string;
  code: string;
}

const PROOF_FIELDS = ['password', 'code'] as const;

/**
 * The reset of another account's second factor, proved by the administrator
 * (docs/sign-in-and-sessions.md#second-factor): their current password, and
 * the code of their own app when they have a second factor (their status
 * says so). A refused password or code is shown on its field, anything else
 * above the buttons; what was typed stays, so a wrong code costs one field.
 */
export function useResetSecondFactor(user: StaffUser, onDone: (message: string) => void) {
  const status = useMfaStatusQuery();
  const [reset] = useResetUserMfaMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const withCode = status.data?.mfa.enabled === true;

  const submit = useCallback(
    async (values: ResetProofValues, helpers: FormikHelpers<ResetProofValues>) => {
      setProblem(null);
      try {
        const answer = await reset({
          id: user._id,
          password: values.password,
          ...(withCode ? { code: withoutSpaces(values.code) } : {}),
        }).unwrap();
        onDone(answer.msg || MFA_MSG.resetDone);
      } catch (error) {
        if (applyFieldErrors(error, helpers, PROOF_FIELDS) === 0) {
          setProblem(errorMessage(error, MFA_MSG.saveError));
        }
      }
    },
    [onDone, reset, user._id, withCode],
  );

  return {
    status,
    withCode,
    schema: withCode ? mfaResetWithCodeSchema : mfaResetSchema,
    problem,
    submit,
  };
}
