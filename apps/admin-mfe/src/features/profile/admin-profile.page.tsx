import { MSG } from '@psicocampus/shared';
import { ProfileSettings } from '@psicocampus/shared/profile';

/** 'profile-admin': the administrator edits their own data and changes their password (PRODUCT §9). */
export default function AdminProfilePage() {
  return <ProfileSettings title={MSG.admin.profileAdminTitle} />;
}
