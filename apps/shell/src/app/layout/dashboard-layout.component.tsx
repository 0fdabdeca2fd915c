import { Suspense, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import {
  MSG,
  ROLE_LABELS,
  selectSessionUser,
  ServiceClockGate,
  useAppSelector,
} from '@psicocampus/shared';
import { Button, LoadingMessage } from '@psicocampus/shared/ui';
import { RemoteArea } from '../../features/remotes/remote-area.component';
import { RemoteBoundary } from '../../features/remotes/remote-boundary.component';
import { useRemoteRevision } from '../../features/remotes/use-remote-revision';
import { useCurrentUser } from '../../features/session/use-current-user';
import { useSignOut } from '../../features/session/use-sign-out';
import type { DashboardArea } from '../../lib/areas';
import { DashboardNav } from './dashboard-nav.component';
import { NotFoundPage } from './not-found.page';
import styles from './dashboard-layout.module.css';

/**
 * The menu's state on a narrow screen, where it folds under the "Menú"
 * button: open until the next page (it is remembered with the path it was
 * opened at, so following one of its links closes it) or until Escape.
 */
function useFoldingMenu(button: RefObject<HTMLButtonElement | null>) {
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape in a dialog is the dialog's: it closes that, not the menu.
      const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"]');
      if (event.key !== 'Escape' || inDialog) return;
      setOpenAt(null);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [button, open]);

  return { open, toggle: () => setOpenAt(open ? null : pathname) };
}

/**
 * The frame of a dashboard: header, the remotes' menu, and their content.
 * From 360 px wide up (docs/architecture.md#the-menu): on a narrow screen the
 * menu folds under a "Menú" button and "Cerrar sesión" stays in the header.
 */
export default function DashboardLayout({ area }: { area: DashboardArea }) {
  const user = useAppSelector(selectSessionUser);
  const signOut = useSignOut();
  useCurrentUser();
  const revision = useRemoteRevision();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useFoldingMenu(menuButton);
  const navId = useId();

  return (
    <div className={styles.layout}>
      <a className={styles.skipLink} href="#contenido">
        {MSG.shell.skipToContent}
      </a>
      <header className={styles.header}>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menu.open}
          aria-controls={navId}
          onClick={menu.toggle}
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d={menu.open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
          </svg>
          <span>{MSG.layoutA11y.menu}</span>
        </button>
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
      <nav id={navId} className={styles.nav} data-open={menu.open} aria-label={MSG.shell.mainNav}>
        <RemoteBoundary remotes={area.remotes} revision={revision} page={false}>
          <Suspense fallback={<div className={styles.navPlaceholder} />}>
            <DashboardNav key={revision} area={area} role={user?.role} />
          </Suspense>
        </RemoteBoundary>
      </nav>
      <main id="contenido" className={styles.main} tabIndex={-1}>
        {/* Every date is shown on the service's clock, known first (docs/decisions.md#one-clock). */}
        <ServiceClockGate fallback={<LoadingMessage text={MSG.shell.moduleLoading} />}>
          <RemoteArea remotes={area.remotes} notFound={<NotFoundPage home={area.base} />} />
        </ServiceClockGate>
      </main>
    </div>
  );
}
