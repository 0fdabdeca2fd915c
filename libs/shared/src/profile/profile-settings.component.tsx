import { MSG, useMyProfileQuery } from '@psicocampus/shared';
import { LoadingMessage, Notice, PageHeader, SectionCard } from '@psicocampus/shared/ui';
import { SecondFactorSection } from '@psicocampus/shared/mfa-ui';
import { ChangePasswordForm } from './change-password-form.component';
import { ProfileForm } from './profile-form.component';
import styles from './profile.module.css';

/** The signed-in user edits their own data and changes their password. */
export function ProfileSettings({ title }: { title: string }) {
  const { data, isLoading, isError } = useMyProfileQuery();
  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      <SectionCard title={MSG.profile.personalData}>
        {isLoading && <LoadingMessage text={MSG.common.loading} />}
        {isError && <Notice tone="error">{MSG.profile.loadError}</Notice>}
        {data && <ProfileForm profile={data.profile} />}
      </SectionCard>
      <SectionCard title={MSG.profile.passwordSection}>
        <ChangePasswordForm />
      </SectionCard>
      <SecondFactorSection />
    </div>
  );
}
