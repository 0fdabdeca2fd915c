import { Fragment } from 'react';
import styles from './email-address.module.css';

/** 'ana.paz@uni.ec' → ['ana', '.paz@', 'uni', '.ec']: a break may follow each part. */
const parts = (address: string): string[] =>
  address.replace(/@/g, '@\n').replace(/\./g, '\n.').split('\n').filter(Boolean);

/**
 * An e-mail address in a narrow box: it wraps after its '@' or before a dot
 * ('psicologa@' / 'psicocampus' / '.test'), as addresses are broken in
 * print, never inside a word, and is never cut; only a single part wider
 * than the whole line breaks where it must. It reads, and copies, as one
 * address, one element (a grid or a flex box sees one item).
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className={styles.email}>
      {parts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
