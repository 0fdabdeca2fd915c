import { MSG } from '@psicocampus/shared';
import { OwnProfile } from '@psicocampus/shared/profile';

/** 'profile': the signed-in administrator's own data (docs/screens-and-routes.md#admin-area). */
export default function ProfilePage() {
  return <OwnProfile title={MSG.admin.profileTitle} editPath="../profile-admin" />;
}
