import { lazy, Suspense, useState } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import type { MfaLoginStep } from '@psicocampus/shared/mfa';
import { LoadingMessage } from '@psicocampus/shared/ui';
import { ForgotPasswordModal } from '../../components/forgot-password/forgot-password-modal.component';
import { LoginForm } from './login-form.component';
import { SessionNotice } from './session-notice.component';
import { TermsModal } from './terms-modal.component';
import styles from '../../components/auth.module.css';

// Only for accounts with a second factor: its texts, its calls and the QR
// code library stay out of /login's first load (docs/limits-and-budgets.md#speed-and-size-budgets).
const SecondFactorStep = lazy(() => import('./second-factor/second-factor-step.component'));

/**
 * /login (docs/screens-and-routes.md#login-screen), and the second factor's step when asked
 * (docs/sign-in-and-sessions.md#second-factor).
 */
export default function LoginPage() {
  const [termsOpen, setTermsOpen] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [step, setStep] = useState<MfaLoginStep | null>(null);
  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <p className={styles.brand}>{MSG.shell.productName}</p>
        <h1 className={styles.title}>{MSG.auth.loginTitle}</h1>
        <p className={styles.subtitle}>{MSG.auth.loginSubtitle}</p>
      </header>
      {step ? (
        <Suspense fallback={<LoadingMessage text={MSG.common.loading} />}>
          <SecondFactorStep step={step} onCancel={() => setStep(null)} />
        </Suspense>
      ) : (
        <>
          <SessionNotice />
          <LoginForm
            onOpenTerms={() => setTermsOpen(true)}
            onOpenForgot={() => setForgotOpen(true)}
            onSecondFactor={setStep}
          />
        </>
      )}
      <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
