import styles from './import-students.module.css';

interface Props {
  message: string;
  /** A heading for the list, or null when there is nothing to list. */
  listTitle: string | null;
  items: readonly string[];
}

/** An import's answer: its sentence, then the e-mails or problems it lists. */
export function ImportOutcome({ message, listTitle, items }: Props) {
  return (
    <>
      <p className={styles.message}>{message}</p>
      {listTitle && (
        <>
          <p className={styles.listTitle}>{listTitle}</p>
          <ul className={styles.list}>
            {items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
