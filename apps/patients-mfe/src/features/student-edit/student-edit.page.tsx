import { fullName, MSG } from '@psicocampus/shared';
import { BackLink, LoadingMessage, PageHeader, SectionCard } from '@psicocampus/shared/ui';
import { StudentEditForm } from './student-edit-form.component';
import { useStudentEdit } from './use-student-edit';
import styles from './student-edit.module.css';

/** `patients/:id/edit` (docs/screens-and-routes.md#edit-student-screen): the student's basic data. */
export default function StudentEditPage() {
  const { student, initialValues, save, cancel, failed } = useStudentEdit();
  const back = <BackLink to=".." relative="path" label={MSG.students.backToDetail} />;

  if (!student || !initialValues) {
    return (
      <div className={styles.page}>
        {back}
        {!failed && <LoadingMessage text={MSG.students.loadingEdit} />}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title={MSG.students.editTitle} subtitle={fullName(student)} before={back} />
      <SectionCard title={MSG.students.personalInfo}>
        <StudentEditForm initialValues={initialValues} onSave={save} onCancel={cancel} />
      </SectionCard>
    </div>
  );
}
