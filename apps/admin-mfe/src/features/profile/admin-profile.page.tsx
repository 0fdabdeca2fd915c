import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { ProfileSettings } from '@psicocampus/shared/profile';

/** 'profile-admin': the administrator edits their own data and changes their password (docs/screens-and-routes.md#admin-area). */
export default function AdminProfilePage() {
  return <ProfileSettings title={ADMIN_MSG.profileAdminTitle} />;
}
