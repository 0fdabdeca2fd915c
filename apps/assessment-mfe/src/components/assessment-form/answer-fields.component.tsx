import { useState, type ReactNode } from 'react';
import { ASSESSMENT_TEXT_MAX, attemptCountProblem, MSG } from '@psicocampus/shared';
import { useField } from '@psicocampus/shared/forms';
import { useFieldId } from './field-ids';
import { useSetAnswer } from './use-set-answer';
import styles from './assessment-form.module.css';

/** The longest text an answer may hold (the shared schema's limit). */
export const ANSWER_TEXT_MAX = ASSESSMENT_TEXT_MAX;

/** One answer of the form: its control's id, value, error and setter. */
function useAnswer<T>(path: string) {
  const [field, meta] = useField<T>(path);
  const setAnswer = useSetAnswer();
  const id = useFieldId(path);
  const error = typeof meta.error === 'string' ? meta.error : undefined;
  return {
    id,
    value: field.value,
    error,
    set: (value: T) => setAnswer(path, value),
    a11y: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    },
  };
}

export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={styles.label} htmlFor={htmlFor}>
      {children}
      {required && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

/** A field's problem, announced when it appears. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {message}
    </p>
  );
}

interface TextAnswerProps {
  path: string;
  label: ReactNode;
  required?: boolean;
  rows?: number;
}

export function TextAnswer({ path, label, required, rows = 3 }: TextAnswerProps) {
  const answer = useAnswer<string>(path);
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={answer.id} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={answer.id}
        className={`${styles.control} ${answer.error ? styles.invalid : ''}`}
        value={answer.value ?? ''}
        rows={rows}
        maxLength={ANSWER_TEXT_MAX}
        required={required}
        onChange={(event) => answer.set(event.target.value)}
        {...answer.a11y}
      />
      <FieldError id={`${answer.id}-error`} message={answer.error} />
    </div>
  );
}

interface NumberSelectProps {
  path: string;
  label: ReactNode;
  options: ReadonlyArray<{ value: number; label: string }>;
  required?: boolean;
}

/** A select of coded answers: the code is kept as a number, '' (not selected) as null. */
export function NumberSelect({ path, label, options, required }: NumberSelectProps) {
  const answer = useAnswer<number | null>(path);
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={answer.id} required={required}>
        {label}
      </FieldLabel>
      <select
        id={answer.id}
        className={`${styles.control} ${answer.error ? styles.invalid : ''}`}
        value={answer.value === null || answer.value === undefined ? '' : String(answer.value)}
        required={required}
        onChange={(event) =>
          answer.set(event.target.value === '' ? null : Number(event.target.value))
        }
        {...answer.a11y}
      >
        <option value="">{MSG.common.selectPlaceholder}</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${answer.id}-error`} message={answer.error} />
    </div>
  );
}

interface DateAnswerProps {
  path: string;
  label: ReactNode;
  /** The latest date allowed, 'YYYY-MM-DD'. */
  max: string;
  required?: boolean;
}

export function DateAnswer({ path, label, max, required }: DateAnswerProps) {
  const answer = useAnswer<string | null>(path);
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={answer.id} required={required}>
        {label}
      </FieldLabel>
      <input
        id={answer.id}
        type="date"
        className={`${styles.control} ${styles.short} ${answer.error ? styles.invalid : ''}`}
        value={answer.value ?? ''}
        max={max}
        required={required}
        onChange={(event) => answer.set(event.target.value || null)}
        {...answer.a11y}
      />
      <FieldError id={`${answer.id}-error`} message={answer.error} />
    </div>
  );
}

/**
 * The number of attempts (docs/columbia-assessment.md#validation: a whole
 * number, at least 1 for a "Sí"). What is typed stays as typed and is the
 * answer, so that 'Guardar Evaluación' refuses it with the shared schema's
 * message: a −2 is never quietly saved as the last valid number or as 0.
 */
export function AttemptCount({ path }: { path: string }) {
  const answer = useAnswer<number>(path);
  const [text, setText] = useState(String(answer.value ?? 0));
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? answer.error;

  function onChange(raw: string) {
    setText(raw);
    const typed = raw.trim();
    // An emptied field is 0, which a "Sí" refuses on saving; it is not an error while typing.
    const total = typed === '' ? 0 : Number(typed);
    setProblem(typed === '' ? null : attemptCountProblem(total));
    answer.set(total);
  }

  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={answer.id}>{MSG.assessment.totalAttempts}</FieldLabel>
      <input
        id={answer.id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        className={`${styles.control} ${styles.short} ${message ? styles.invalid : ''}`}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${answer.id}-error` : undefined}
      />
      <FieldError id={`${answer.id}-error`} message={message} />
    </div>
  );
}
