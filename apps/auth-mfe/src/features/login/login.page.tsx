import { useState } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { ForgotPasswordModal } from '../forgot-password/forgot-password-modal.component';
import { LoginForm } from './login-form.component';
import { SessionNotice } from './session-notice.component';
import { TermsModal } from './terms-modal.component';
import styles from './login.module.css';

/** /login (docs/screens-and-routes.md#login-screen). */
export default function LoginPage() {
  const [termsOpen, setTermsOpen] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <p className={styles.brand}>{MSG.shell.productName}</p>
        <h1 className={styles.title}>{MSG.auth.loginTitle}</h1>
        <p className={styles.subtitle}>{MSG.auth.loginSubtitle}</p>
      </header>
      <SessionNotice />
      <LoginForm onOpenTerms={() => setTermsOpen(true)} onOpenForgot={() => setForgotOpen(true)} />
      <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
