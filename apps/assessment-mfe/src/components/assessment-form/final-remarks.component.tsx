import { useId, type FormEvent, type ReactNode } from 'react';
import { formatDateTime, fullName, MSG, type AssessmentRemark } from '@psicocampus/shared';
import { Button } from '@psicocampus/shared/ui';
import { ANSWER_TEXT_MAX, FieldError, FieldLabel } from './answer-fields.component';
import styles from './assessment-form.module.css';

/** What writing the next entry needs; absent for whoever may only read them. */
export interface RemarkEditor {
  textareaId: string;
  draft: string;
  error: string | null;
  isSaving: boolean;
  onChange: (text: string) => void;
  onSave: () => void;
}

interface Props {
  /** Oldest first, as the API answers them. */
  remarks: AssessmentRemark[];
  editor?: RemarkEditor;
  /** Shown after the entries when there is no editor (an 'Agregar observación' button). */
  children?: ReactNode;
  /** The heading's level: 3 in the form's modal, deeper inside a history. */
  level?: 3 | 4;
  /**
   * The id of what names the assessment ('Evaluación 2'), where several
   * assessments' remarks share a page: each region is then named for its
   * assessment, and no two landmarks on the page have the same name (axe's
   * landmark-unique), docs/columbia-assessment.md#final-remarks.
   */
  ofLabelId?: string;
}

/**
 * The 'observaciones posteriores' of a saved assessment (docs/columbia-assessment.md#final-remarks): every earlier entry with its author and date, and, for the
 * assessment's author, a 7-row box for the next one.
 */
export function FinalRemarks({ remarks, editor, children, level = 3, ofLabelId }: Props) {
  const headingId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  const labelledBy = ofLabelId ? `${headingId} ${ofLabelId}` : headingId;
  return (
    <section className={`${styles.section} ${styles.finalRemarks}`} aria-labelledby={labelledBy}>
      <Heading id={headingId} className={styles.sectionTitle}>
        {MSG.assessment.finalRemarks}
      </Heading>
      <RemarksList remarks={remarks} />
      {editor ? <RemarkForm editor={editor} labelledBy={labelledBy} /> : children}
    </section>
  );
}

export function RemarksList({ remarks }: { remarks: AssessmentRemark[] }) {
  if (!remarks.length) return <p className={styles.hint}>{MSG.assessment.remarksEmpty}</p>;
  return (
    <ol className={styles.remarks}>
      {remarks.map((remark) => (
        <li key={remark._id} className={styles.remark}>
          <p className={styles.remarkMeta}>
            <time dateTime={remark.createdAt}>{formatDateTime(remark.createdAt)}</time>
            {' · '}
            {remark.createdBy ? fullName(remark.createdBy) : MSG.common.notAssigned}
          </p>
          <p className={styles.remarkText}>{remark.text}</p>
        </li>
      ))}
    </ol>
  );
}

function RemarkForm({ editor, labelledBy }: { editor: RemarkEditor; labelledBy: string }) {
  const { textareaId, draft, error, isSaving, onChange, onSave } = editor;
  const helpId = useId();
  const errorId = `${textareaId}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave();
  }

  return (
    <form className={styles.remarkForm} aria-labelledby={labelledBy} onSubmit={submit} noValidate>
      <p id={helpId} className={styles.hint}>
        {MSG.assessment.finalRemarksHelp}
      </p>
      <div className={styles.field}>
        <FieldLabel htmlFor={textareaId} required>
          {MSG.assessment.newRemark}
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
