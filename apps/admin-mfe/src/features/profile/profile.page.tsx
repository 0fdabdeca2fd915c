import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { OwnProfile } from '@psicocampus/shared/profile';

/** 'profile': the signed-in administrator's own data (docs/screens-and-routes.md#admin-area). */
export default function ProfilePage() {
  return <OwnProfile title={ADMIN_MSG.profileTitle} editPath="../profile-admin" />;
}
