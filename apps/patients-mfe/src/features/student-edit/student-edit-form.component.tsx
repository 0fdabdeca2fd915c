import {
  MSG,
  optionsOf,
  SEMESTER_LABELS,
  SEMESTERS,
  studentEditFormSchema,
} from '@psicocampus/shared';
import {
  AskBeforeLeaving,
  Form,
  Formik,
  SelectField,
  TextField,
  type FormikHelpers,
} from '@psicocampus/shared/forms';
import { Button } from '@psicocampus/shared/ui';
import type { StudentEditValues } from './use-student-edit';
import styles from './student-edit.module.css';

const L = MSG.students.labels;
const optional = MSG.common.optional;
const SEMESTER_OPTIONS = optionsOf(SEMESTERS, SEMESTER_LABELS);

interface Props {
  initialValues: StudentEditValues;
  onSave: (values: StudentEditValues, helpers: FormikHelpers<StudentEditValues>) => Promise<void>;
  onCancel: () => void;
}

/** Names and age required (age 1–100); phone, city, semester and career optional (docs/rules-and-messages.md#edit-student-screen). */
export function StudentEditForm({ initialValues, onSave, onCancel }: Props) {
  return (
    <Formik<StudentEditValues>
      initialValues={initialValues}
      validationSchema={studentEditFormSchema}
      onSubmit={onSave}
    >
      {({ isSubmitting }) => (
        <Form noValidate className={styles.form}>
          <AskBeforeLeaving />
          <p className={styles.hint}>{MSG.students.editHint}</p>
          <div className={styles.grid}>
            <TextField
              name="firstName"
              label={L.firstName}
              autoComplete="off"
              required
              validateLive
            />
            <TextField
              name="lastName"
              label={L.lastName}
              autoComplete="off"
              required
              validateLive
            />
            <TextField
              name="age"
              type="number"
              label={L.age}
              min={1}
              max={100}
              step={1}
              inputMode="numeric"
              required
              validateLive
            />
            <TextField
              name="phone"
              type="tel"
              label={optional(L.phone)}
              autoComplete="off"
              inputMode="tel"
              validateLive
            />
            <TextField name="city" label={optional(L.city)} autoComplete="off" validateLive />
            <SelectField
              name="level"
              label={optional(L.level)}
              options={SEMESTER_OPTIONS}
              validateLive
            />
            <TextField name="career" label={optional(L.career)} autoComplete="off" validateLive />
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onCancel}>
              {MSG.common.cancel}
            </Button>
            <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting ? MSG.students.saving : MSG.students.saveChanges}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
