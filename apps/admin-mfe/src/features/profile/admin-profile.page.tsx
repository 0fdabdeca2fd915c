import { MSG } from '@psicocampus/shared';
import { ProfileSettings } from '@psicocampus/shared/profile';

/**
 * 'profile-admin', "Configuración" in the menu as the psychologist's own
 * (docs/screens-and-routes.md#admin-area): the administrator edits their own
 * data and changes their password and second factor.
 */
export default function AdminProfilePage() {
  return <ProfileSettings title={MSG.profile.configurationTitle} />;
}
