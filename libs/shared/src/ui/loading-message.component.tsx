import styles from './loading-message.module.css';

/** A polite, announced "loading" line with a spinner. */
export function LoadingMessage({ text }: { text: string }) {
  return (
    <p className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {text}
    </p>
  );
}
