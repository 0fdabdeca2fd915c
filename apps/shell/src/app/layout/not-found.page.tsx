import { Link } from 'react-router-dom';
import { MSG } from '@psicocampus/shared/domain';
import styles from './not-found.module.css';

export function NotFoundPage({ home }: { home: string }) {
  return (
    <section className={styles.notFound}>
      <h1>{MSG.shell.notFoundTitle}</h1>
      <p>{MSG.shell.notFoundText}</p>
      <Link to={home}>{MSG.shell.notFoundLink}</Link>
    </section>
  );
}
