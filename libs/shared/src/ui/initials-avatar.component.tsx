import styles from './initials-avatar.module.css';

/** A round badge with a person's initials; decorative, the name is always beside it. */
export function InitialsAvatar({ initials }: { initials: string }) {
  return (
    <span className={styles.avatar} aria-hidden="true">
      {initials}
    </span>
  );
}
