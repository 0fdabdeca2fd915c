import { RemoteArea } from '../../features/remotes/remote-area.component';
import { PUBLIC_REMOTES } from '../../lib/areas';
import { NotFoundPage } from './not-found.page';
import styles from './public-area.module.css';

/** The pages outside the dashboards (/login, reset password), from the auth remote. */
export function PublicArea() {
  return (
    <main className={styles.publicArea}>
      <RemoteArea remotes={PUBLIC_REMOTES} notFound={<NotFoundPage home="/" />} />
    </main>
  );
}
