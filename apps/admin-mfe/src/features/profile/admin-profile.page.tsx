import { MSG } from '@psicocampus/shared';
import { ProfileSettings } from '@psicocampus/shared/profile';

/** 'profile-admin': the administrator edits their own data and changes their password (docs/screens-and-routes.md#admin-area). */
export default function AdminProfilePage() {
  return <ProfileSettings title={MSG.admin.profileAdminTitle} />;
}
