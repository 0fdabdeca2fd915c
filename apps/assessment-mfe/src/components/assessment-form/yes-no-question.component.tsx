import { useId, type ReactNode } from 'react';
import { MSG } from '@psicocampus/shared';
import { useField } from '@psicocampus/shared/forms';
import { AttemptCount, FieldError, TextAnswer } from './answer-fields.component';
import { useFieldId } from './field-ids';
import { useSetAnswer } from './use-set-answer';
import styles from './assessment-form.module.css';

interface YesNoChoiceProps {
  /** The boolean answer's path ('deathWish.present', 'completedSuicide'). */
  path: string;
  /** The legend: the question as the psychologist reads it. */
  legend: ReactNode;
  /** Shown under the radios when the answer is "Sí". */
  children?: ReactNode;
}

/**
 * A yes/no question: a fieldset named by its legend, with two radios 'Sí'
 * and 'No' (arrow keys move between them). Unanswered until one is chosen.
 */
export function YesNoChoice({ path, legend, children }: YesNoChoiceProps) {
  const [field, meta] = useField<boolean | null>(path);
  const setAnswer = useSetAnswer();
  const id = useFieldId(path);
  const group = useId();
  const error = typeof meta.error === 'string' ? meta.error : undefined;
  const errorId = `${id}-error`;
  const radio = (value: boolean) => ({
    type: 'radio' as const,
    name: group,
    checked: field.value === value,
    onChange: () => setAnswer(path, value),
    'aria-describedby': error ? errorId : undefined,
  });

  return (
    <fieldset className={`${styles.question} ${error ? styles.questionInvalid : ''}`}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        <label className={styles.option}>
          <input id={id} {...radio(true)} />
          {MSG.assessment.yes}
        </label>
        <label className={styles.option}>
          <input {...radio(false)} />
          {MSG.assessment.no}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
      {field.value === true && children}
    </fieldset>
  );
}

interface QuestionLegendProps {
  number?: number;
  title: string;
  question?: string;
}

/** '1. Deseo de estar muerto/a' over the question's wording. */
export function QuestionLegend({ number, title, question }: QuestionLegendProps) {
  return (
    <>
      <span className={styles.questionTitle}>
        {number !== undefined && `${number}. `}
        {title}
      </span>
      {question && <span className={styles.questionText}>{question}</span>}
    </>
  );
}

interface YesNoQuestionProps extends QuestionLegendProps {
  /** The item's key in the answers ('deathWish', 'actualAttempt', ...). */
  item: string;
  /** Behaviour items: a "Sí" must be described (docs/columbia-assessment.md#validation). */
  descriptionRequired?: boolean;
  /** Attempts also ask how many there were. */
  withTotal?: boolean;
}

/** An item of the scale: yes/no, and when "Sí" its description (and number of attempts). */
export function YesNoQuestion({
  item,
  number,
  title,
  question,
  descriptionRequired,
  withTotal,
}: YesNoQuestionProps) {
  return (
    <YesNoChoice
      path={`${item}.present`}
      legend={<QuestionLegend number={number} title={title} question={question} />}
    >
      <div className={styles.followUp}>
        <TextAnswer
          path={`${item}.description`}
          label={MSG.assessment.description}
          required={descriptionRequired}
        />
        {withTotal && <AttemptCount path={`${item}.totalAttempts`} />}
      </div>
    </YesNoChoice>
  );
}
