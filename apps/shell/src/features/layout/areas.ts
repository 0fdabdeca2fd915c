import type { RemoteName, Role } from '@psicocampus/shared/domain';

/** A dashboard of SEED §2: where it lives, who may enter, which remotes fill it. */
export interface DashboardArea {
  base: string;
  role: Role;
  title: string;
  remotes: readonly RemoteName[];
}

export const PSYCHOLOGIST_AREA: DashboardArea = {
  base: '/psychologist/dashboard',
  role: 'PSYCHOLOGIST',
  title: 'Panel de psicología',
  // The assessment remote owns studenteva/:id and Evaluaciones; the patients
  // remote owns the rest of this dashboard.
  remotes: ['patients', 'assessment'],
};

export const ADMIN_AREA: DashboardArea = {
  base: '/dashboard',
  role: 'ADMIN',
  title: 'Panel de administración',
  remotes: ['admin'],
};

/**
 * The remotes whose routes sit at the root: /login, the reset-password views
 * and /confirm-email/:token (each remote lists its own paths; nothing to add here).
 */
export const PUBLIC_REMOTES: readonly RemoteName[] = ['auth'];
