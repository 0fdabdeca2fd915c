import { useState } from 'react';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { Button, Notice } from '@psicocampus/shared/ui';
import styles from './mfa.module.css';

/**
 * The 10 recovery codes, shown once after an enrolment, with
 * "Descargar" (a text file) and "Copiar"; `onContinue` when the screen has
 * somewhere to go next.
 */
export function RecoveryCodes({
  codes,
  onContinue,
}: {
  codes: readonly string[];
  onContinue?: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = MFA_MSG.recoveryFileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  return (
    <section className={styles.panel} aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title">{MFA_MSG.recoveryTitle}</h2>
      <p>{MFA_MSG.recoveryText}</p>
      <ol className={styles.codes} aria-label={MFA_MSG.recoveryTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={download}>
          {MFA_MSG.download}
        </Button>
        <Button variant="secondary" onClick={() => void copy()}>
          {MFA_MSG.copy}
        </Button>
        {onContinue && <Button onClick={onContinue}>{MFA_MSG.continue}</Button>}
      </div>
      {copied && <Notice tone="success">{MFA_MSG.copied}</Notice>}
    </section>
  );
}
