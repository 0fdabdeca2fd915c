import { MSG } from '@psicocampus/shared';
import { ProfileSettings } from '@psicocampus/shared/profile';

/** 'configuration': edit one's own data, and change the password. */
export default function ConfigurationPage() {
  return <ProfileSettings title={MSG.profile.configurationTitle} />;
}
