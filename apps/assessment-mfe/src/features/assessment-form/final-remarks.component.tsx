import { useId, type FormEvent } from 'react';
import { MSG } from '@psicocampus/shared';
import { Button } from '@psicocampus/shared/ui';
import { ANSWER_TEXT_MAX, FieldError, FieldLabel } from './answer-fields.component';
import styles from './assessment-form.module.css';

interface Props {
  textareaId: string;
  draft: string;
  error: string | null;
  isSaving: boolean;
  onChange: (text: string) => void;
  onSave: () => void;
}

/** The 'observaciones posteriores' block shown after saving (SEED §4.6–§4.7; 7 rows). */
export function FinalRemarks({ textareaId, draft, error, isSaving, onChange, onSave }: Props) {
  const headingId = useId();
  const helpId = useId();
  const errorId = `${textareaId}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave();
  }

  return (
    <form
      className={`${styles.section} ${styles.finalRemarks}`}
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
    >
      <h3 id={headingId} className={styles.sectionTitle}>
        {MSG.assessment.finalRemarks}
      </h3>
      <p id={helpId} className={styles.hint}>
        {MSG.assessment.finalRemarksHelp}
      </p>
      <div className={styles.field}>
        <FieldLabel htmlFor={textareaId} required>
          {MSG.assessment.finalRemarks}
        </FieldLabel>
        <textarea
          id={textareaId}
          className={`${styles.control} ${error ? styles.invalid : ''}`}
          rows={7}
          maxLength={ANSWER_TEXT_MAX}
          value={draft}
          required
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={isSaving} aria-busy={isSaving}>
          {isSaving ? MSG.assessment.savingFinalRemarks : MSG.assessment.saveFinalRemarks}
        </Button>
      </div>
    </form>
  );
}
