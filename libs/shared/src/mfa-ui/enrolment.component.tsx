import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { MFA_MSG, mfaConfirmSchema, withoutSpaces } from '@psicocampus/shared/mfa';
import { Form, Formik, TextField } from '@psicocampus/shared/forms';
import { Button, LoadingMessage, Notice } from '@psicocampus/shared/ui';
import { RecoveryCodes } from './recovery-codes.component';
import styles from './mfa.module.css';

export interface EnrolmentProps<T extends { recoveryCodes: string[] }> {
  intro: string;
  /** Asks the server for a new key. */
  start: () => Promise<{ secret: string; otpauthUrl: string }>;
  /** Confirms the key with a code; rejects with the server's Spanish message. */
  confirm: (code: string) => Promise<T>;
  /** After the recovery codes were shown and "Continuar" pressed. */
  onDone: (answer: T) => void;
  /** Why a call failed, in Spanish. */
  describeError: (error: unknown) => string;
}

/** An SVG image of the key's otpauth:// address: drawn without a canvas. */
async function qrImage(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Enrolment of a second factor: a QR code made by the `qrcode`
 * library and the key as text, one code to confirm, then the recovery codes.
 */
export function Enrolment<T extends { recoveryCodes: string[] }>({
  intro,
  start,
  confirm,
  onDone,
  describeError,
}: EnrolmentProps<T>) {
  const [key, setKey] = useState<{ secret: string; image: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<T | null>(null);

  useEffect(() => {
    let live = true;
    start()
      .then(async ({ secret, otpauthUrl }) => {
        const image = await qrImage(otpauthUrl);
        if (live) setKey({ secret, image });
      })
      .catch((error: unknown) => {
        if (live) setProblem(describeError(error));
      });
    return () => {
      live = false;
    };
    // One key per screen: asking again would void the one being scanned.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (confirmed) {
    return <RecoveryCodes codes={confirmed.recoveryCodes} onContinue={() => onDone(confirmed)} />;
  }
  if (!key) {
    return problem ? (
      <Notice tone="error">{problem}</Notice>
    ) : (
      <LoadingMessage text={MFA_MSG.enrollTitle} />
    );
  }
  return (
    <div className={styles.panel}>
      <p>{intro}</p>
      <img className={styles.qr} src={key.image} alt={MFA_MSG.qrAlt} />
      <p>
        {MFA_MSG.keyLabel}: <code className={styles.key}>{key.secret}</code>
      </p>
      <Formik
        initialValues={{ code: '' }}
        validationSchema={mfaConfirmSchema}
        validateOnBlur={false}
        onSubmit={async ({ code }) => {
          setProblem(null);
          try {
            setConfirmed(await confirm(withoutSpaces(code)));
          } catch (error) {
            setProblem(describeError(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form className={styles.panel} noValidate>
            <TextField
              name="code"
              label={MFA_MSG.codeLabel}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
            {problem && <Notice tone="error">{problem}</Notice>}
            <div className={styles.actions}>
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting ? MFA_MSG.verifying : MFA_MSG.confirm}
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
