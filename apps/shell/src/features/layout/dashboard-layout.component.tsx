import { Suspense } from 'react';
import { MSG, ROLE_LABELS, selectSessionUser, useAppSelector } from '@psicocampus/shared';
import { Button } from '@psicocampus/shared/ui';
import { RemoteArea } from '../remotes/remote-area.component';
import { RemoteBoundary } from '../remotes/remote-boundary.component';
import { useRemoteRevision } from '../remotes/use-remote-revision';
import { useCurrentUser } from '../session/use-current-user';
import { useSignOut } from '../session/use-sign-out';
import type { DashboardArea } from './areas';
import { DashboardNav } from './dashboard-nav.component';
import { NotFoundPage } from './not-found.page';
import styles from './dashboard-layout.module.css';

/** The frame of a dashboard: header, the remotes' menu, and their content. */
export default function DashboardLayout({ area }: { area: DashboardArea }) {
  const user = useAppSelector(selectSessionUser);
  const signOut = useSignOut();
  useCurrentUser();
  const revision = useRemoteRevision();

  return (
    <div className={styles.layout}>
      <a className={styles.skipLink} href="#contenido">
        {MSG.shell.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={styles.brand}>
          <span className={styles.brandName}>{MSG.shell.productName}</span>
          <span className={styles.brandArea}>{area.title}</span>
        </div>
        <div className={styles.account}>
          {user && (
            <span className={styles.user}>
              <span className={styles.userName}>
                {user.firstName} {user.lastName}
              </span>
              <span className={styles.userRole}>{ROLE_LABELS[user.role]}</span>
            </span>
          )}
          <Button variant="secondary" onClick={signOut}>
            {MSG.shell.logout}
          </Button>
        </div>
      </header>
      <nav className={styles.nav} aria-label={MSG.shell.mainNav}>
        <RemoteBoundary remotes={area.remotes} revision={revision}>
          <Suspense fallback={<div className={styles.navPlaceholder} />}>
            <DashboardNav key={revision} area={area} role={user?.role} />
          </Suspense>
        </RemoteBoundary>
      </nav>
      <main id="contenido" className={styles.main} tabIndex={-1}>
        <RemoteArea remotes={area.remotes} notFound={<NotFoundPage home={area.base} />} />
      </main>
    </div>
  );
}
