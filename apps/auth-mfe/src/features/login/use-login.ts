import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, sessionStarted, useAppDispatch } from '@psicocampus/shared/core';
import { loginFormSchema, MSG, type LoginForm, type SessionUser } from '@psicocampus/shared/domain';
import type { MfaLoginStep } from '@psicocampus/shared/mfa';
import { firstErrorMessage } from '@psicocampus/shared/forms';
import { showError, showSuccess, showWarning } from '@psicocampus/shared/ui';
import { callApiOnce } from '../../lib/call-api-once';
import { loginDestination, type LoginReturn } from './login-destination';

/** docs/limits-and-budgets.md#screen-constants: the welcome alert stays 1.5 s; the form shakes about 820 ms on error. */
export const WELCOME_MS = 1500;
export const SHAKE_MS = 820;

/** A sign-in's answer once it carries a session. */
export interface SignedIn {
  token: string;
  user: SessionUser;
}

/**
 * The end of every sign-in, with or without a second factor: welcome, keep
 * the session, then go where the role belongs. `notice` (how many recovery
 * codes remain) replaces the welcome text and waits to be read.
 */
export function useFinishSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    async (result: SignedIn, notice?: string) => {
      await showSuccess(
        MSG.auth.welcomeTitle(result.user.firstName),
        notice ?? MSG.auth.welcomeText,
        notice ? {} : { timerMs: WELCOME_MS },
      );
      dispatch(sessionStarted({ token: result.token, user: result.user }));
      navigate(loginDestination(result.user, location.state as LoginReturn | null), {
        replace: true,
      });
    },
    [dispatch, location.state, navigate],
  );
}

/**
 * The login of docs/screens-and-routes.md#states-and-transitions: validate, sign in, welcome, then go
 * where the role belongs; or, when the server asks for a second factor
 * (docs/sign-in-and-sessions.md#second-factor), hand its step (a challenge) to `onSecondFactor`.
 */
export function useLogin(onSecondFactor: (step: MfaLoginStep) => void) {
  const [isLoading, setLoading] = useState(false);
  const dispatch = useAppDispatch();
  const finish = useFinishSignIn();
  const [shaking, setShaking] = useState(false);
  const shakeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const shake = useCallback(() => {
    clearTimeout(shakeTimer.current);
    setShaking(true);
    shakeTimer.current = setTimeout(() => setShaking(false), SHAKE_MS);
  }, []);

  const submit = useCallback(
    async (values: LoginForm) => {
      const problem = firstErrorMessage(loginFormSchema, values);
      if (problem) {
        await showWarning(MSG.auth.missingDataTitle, problem);
        return;
      }
      let result;
      setLoading(true);
      try {
        const body = { email: values.email.trim(), password: values.password };
        result = await callApiOnce(({ authApi }) =>
          dispatch(authApi.endpoints.login.initiate(body)),
        );
      } catch (error) {
        setLoading(false);
        shake();
        await showError(errorMessage(error, MSG.auth.loginErrorFallback), MSG.auth.loginErrorTitle);
        return;
      }
      setLoading(false);
      if ('challenge' in result) {
        onSecondFactor(result);
        return;
      }
      await finish(result);
    },
    [dispatch, finish, onSecondFactor, shake],
  );

  return { submit, isLoading, shaking };
}
