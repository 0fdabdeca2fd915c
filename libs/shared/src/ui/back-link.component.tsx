import { Link, type To } from 'react-router-dom';
import styles from './back-link.module.css';

interface Props {
  to: To;
  label: string;
  /** 'path' resolves '..' against the URL, not the route tree (see react-router's Link). */
  relative?: 'route' | 'path';
}

/** '← Volver ...': a link back to where the user came from. */
export function BackLink({ to, label, relative }: Props) {
  return (
    <Link to={to} relative={relative} className={styles.back}>
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
