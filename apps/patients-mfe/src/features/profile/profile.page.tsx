import { MSG } from '@psicocampus/shared';
import { OwnProfile } from '@psicocampus/shared/profile';

/** 'profile': the signed-in psychologist's own data. */
export default function ProfilePage() {
  return <OwnProfile title={MSG.profile.title} editPath="../configuration" />;
}
