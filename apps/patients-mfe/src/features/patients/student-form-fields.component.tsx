import type { ReactNode } from 'react';
import {
  EMPLOYMENT_LABELS,
  EMPLOYMENT_STATUSES,
  GENDER_LABELS,
  GENDERS,
  MSG,
  optionsOf,
  SEMESTER_LABELS,
  SEMESTERS,
} from '@psicocampus/shared';
import { SelectField, TextField } from '@psicocampus/shared/forms';
import styles from './student-form.module.css';

const L = MSG.students.labels;
const GENDER_OPTIONS = optionsOf(GENDERS, GENDER_LABELS);
const SEMESTER_OPTIONS = optionsOf(SEMESTERS, SEMESTER_LABELS);
const EMPLOYMENT_OPTIONS = optionsOf(EMPLOYMENT_STATUSES, EMPLOYMENT_LABELS);

/**
 * The three sections of the student modal (docs/screens-and-routes.md#patients-list). Every field shows its
 * message and red border as soon as it is changed or left (docs/rules-and-messages.md#student-form).
 */
export function StudentFormFields() {
  return (
    <>
      <PersonalSection />
      <ContactSection />
      <AcademicSection />
    </>
  );
}

/** One section of the modal: its legend over a grid of fields. */
function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.grid}>{children}</div>
    </fieldset>
  );
}

function PersonalSection() {
  return (
    <FormSection legend={MSG.students.sectionPersonal}>
      <TextField name="firstName" label={L.firstName} autoComplete="off" required validateLive />
      <TextField name="lastName" label={L.lastName} autoComplete="off" required validateLive />
      <TextField
        name="age"
        type="number"
        label={L.age}
        min={0}
        max={100}
        step={1}
        inputMode="numeric"
        required
        validateLive
      />
      <SelectField name="gender" label={L.gender} options={GENDER_OPTIONS} required validateLive />
    </FormSection>
  );
}

function ContactSection() {
  return (
    <FormSection legend={MSG.students.sectionContact}>
      <TextField
        name="email"
        type="email"
        label={L.email}
        autoComplete="off"
        inputMode="email"
        required
        validateLive
      />
      <TextField
        name="phone"
        type="tel"
        label={L.phone}
        autoComplete="off"
        inputMode="tel"
        required
        validateLive
      />
      <TextField name="city" label={L.city} autoComplete="off" required validateLive />
    </FormSection>
  );
}

function AcademicSection() {
  return (
    <FormSection legend={MSG.students.sectionAcademic}>
      <TextField name="career" label={L.career} autoComplete="off" required validateLive />
      <SelectField
        name="careerLevel"
        label={L.careerLevel}
        options={SEMESTER_OPTIONS}
        required
        validateLive
      />
      <SelectField
        name="employmentStatus"
        label={L.employmentStatus}
        options={EMPLOYMENT_OPTIONS}
        required
        validateLive
      />
      <TextField
        name="income"
        type="number"
        label={L.income}
        hint={MSG.students.incomeHint}
        min={0}
        step="0.01"
        inputMode="decimal"
        validateLive
      />
    </FormSection>
  );
}
