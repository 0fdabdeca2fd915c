import { Link } from 'react-router-dom';
import { fullName, MSG, ROLE_LABELS, useMyProfileQuery } from '@psicocampus/shared';
import {
  DefinitionList,
  LoadingMessage,
  Notice,
  PageHeader,
  SectionCard,
} from '@psicocampus/shared/ui';
import styles from './profile.module.css';

const L = MSG.students.labels;

interface Props {
  title: string;
  /** Where the page that edits these data is, relative to this one. */
  editPath: string;
}

/** The signed-in user's own data, with a link to where they are edited. */
export function OwnProfile({ title, editPath }: Props) {
  const { data, isLoading, isError } = useMyProfileQuery();
  const profile = data?.profile;
  return (
    <div className={styles.page}>
      <PageHeader
        title={title}
        actions={
          <Link to={editPath} relative="path" className={styles.link}>
            {MSG.profile.editLink}
          </Link>
        }
      />
      {isLoading && <LoadingMessage text={MSG.common.loading} />}
      {isError && <Notice tone="error">{MSG.profile.loadError}</Notice>}
      {profile && (
        <SectionCard title={MSG.profile.personalData}>
          <DefinitionList
            items={[
              { term: MSG.profile.name, description: fullName(profile) },
              { term: L.email, description: profile.email },
              ...(profile.pendingEmail
                ? [
                    {
                      term: MSG.emailChange.pendingLabel,
                      description: MSG.emailChange.pendingHint(profile.pendingEmail),
                    },
                  ]
                : []),
              { term: L.phone, description: profile.phone || MSG.common.notSpecified },
              { term: MSG.profile.role, description: ROLE_LABELS[profile.role] },
            ]}
          />
        </SectionCard>
      )}
    </div>
  );
}
