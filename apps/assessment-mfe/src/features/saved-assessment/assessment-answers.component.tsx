import type { ReactNode } from 'react';
import {
  BEHAVIOUR_QUESTIONS,
  CONTRADICTION_MSG,
  formatDate,
  FREQUENCIES,
  IDEATION_QUESTIONS,
  IDEATION_TYPES,
  LETHALITY_DEGREES,
  MSG,
  POTENTIAL_LETHALITIES,
  storedAnswersView,
  type StoredAnswersView,
  type SuicideAssessment,
  type YesNoItem,
} from '@psicocampus/shared';
import { DefinitionList, SectionCard, type DefinitionItem } from '@psicocampus/shared/ui';
import styles from './saved-assessment.module.css';

const M = MSG.assessment;
const S = MSG.savedAssessment;

const answerLabel = (item: YesNoItem) =>
  item.present === null ? S.unanswered : item.present ? M.yes : M.no;

const labelOf = (options: ReadonlyArray<{ value: number; label: string }>, value: number | null) =>
  value === null
    ? S.unanswered
    : (options.find((option) => option.value === value)?.label ?? String(value));

/** One question: its title, its Spanish wording and what was answered. */
function Question({
  title,
  wording,
  items,
}: {
  title: string;
  wording?: string;
  items: DefinitionItem[];
}) {
  return (
    <div className={styles.question}>
      <h3 className={styles.questionTitle}>{title}</h3>
      {wording && <p className={styles.wording}>{wording}</p>}
      <DefinitionList items={items} />
    </div>
  );
}

/** A stored value, marked when it contradicts the flow (docs/columbia-assessment.md#contradicting-answers). */
function Value({ text, contradicts }: { text: string; contradicts: boolean }) {
  if (!contradicts) return <>{text}</>;
  return (
    <>
      {text} <span className={styles.contradicts}>{CONTRADICTION_MSG.markInline}</span>
    </>
  );
}

/** Marks an item's values by the contradicting fields' paths. */
type Marks = (field: string) => boolean;

function answerItems(key: string, item: YesNoItem, marks: Marks, total?: number): DefinitionItem[] {
  const row = (term: string, field: string, text: string): DefinitionItem => ({
    term,
    description: <Value text={text} contradicts={marks(`${key}.${field}`)} />,
  });
  const items = [row(S.answer, 'present', answerLabel(item))];
  if (total !== undefined) items.push(row(M.totalAttempts, 'totalAttempts', String(total)));
  if (item.description) items.push(row(M.description, 'description', item.description));
  return items;
}

interface SectionProps {
  assessment: SuicideAssessment;
  view: StoredAnswersView;
}

const marksOf =
  (view: StoredAnswersView): Marks =>
  (field) =>
    view.contradicting.has(field);

function IdeationAnswers({ assessment, view }: SectionProps) {
  return (
    <SectionCard title={M.ideationSection}>
      {IDEATION_QUESTIONS.filter((question) => question.number < 3 || view.ideationDetail).map(
        (question) => (
          <Question
            key={question.key}
            title={`${question.number}. ${question.title}`}
            wording={question.question}
            items={answerItems(question.key, assessment[question.key], marksOf(view))}
          />
        ),
      )}
    </SectionCard>
  );
}

function IntensityAnswers({ assessment, view }: SectionProps) {
  const intensity = assessment.ideationIntensity;
  const row = (field: string, term: string, text: string): DefinitionItem => ({
    term,
    description: (
      <Value text={text} contradicts={view.contradicting.has(`ideationIntensity.${field}`)} />
    ),
  });
  return (
    <SectionCard title={M.intensitySection}>
      <DefinitionList
        items={[
          row(
            'mostSeriousIdeationType',
            M.mostSeriousType,
            labelOf(IDEATION_TYPES, intensity.mostSeriousIdeationType),
          ),
          row(
            'mostSeriousIdeationDescription',
            M.mostSeriousDescription,
            intensity.mostSeriousIdeationDescription || '—',
          ),
          row('frequency', M.frequency, labelOf(FREQUENCIES, intensity.frequency)),
        ]}
      />
    </SectionCard>
  );
}

function BehaviourAnswers({ assessment, view }: SectionProps) {
  return (
    <SectionCard title={M.behaviourSection}>
      {BEHAVIOUR_QUESTIONS.map((question) => {
        const item = assessment[question.key];
        const total =
          question.withTotal && 'totalAttempts' in item && view.showsTotal(question.key)
            ? item.totalAttempts
            : undefined;
        return (
          <Question
            key={question.key}
            title={question.name}
            wording={question.question}
            items={answerItems(question.key, item, marksOf(view), total)}
          />
        );
      })}
      <Question
        title={M.completedSuicide}
        items={[{ term: S.answer, description: assessment.completedSuicide ? M.yes : M.no }]}
      />
    </SectionCard>
  );
}

function LethalityAnswers({ assessment, view }: SectionProps) {
  const row = (field: string, term: string, text: string): DefinitionItem => ({
    term,
    description: <Value text={text} contradicts={view.contradicting.has(field)} />,
  });
  const date = assessment.mostLethalAttemptDate;
  return (
    <SectionCard title={M.lethalitySection}>
      <DefinitionList
        items={[
          row(
            'lethalityDegree',
            M.lethalityDegree,
            labelOf(LETHALITY_DEGREES, assessment.lethalityDegree),
          ),
          ...(view.potentialLethality
            ? [
                row(
                  'potentialLethality',
                  M.potentialLethality,
                  labelOf(POTENTIAL_LETHALITIES, assessment.potentialLethality),
                ),
              ]
            : []),
          row(
            'mostLethalAttemptDate',
            M.mostLethalAttemptDate,
            date ? formatDate(`${date}T12:00:00`) : S.unanswered,
          ),
        ]}
      />
    </SectionCard>
  );
}

/**
 * Every answer of a saved assessment, as the assessment's PDF prints it
 * (apps/api/src/reports/pdf/assessment-report.ts): the sections and questions the
 * form asked, in its order, with the shared scale's Spanish wording and labels.
 * A record stored with answers that contradict each other hides none of its
 * values: each shows, marked (docs/columbia-assessment.md#contradicting-answers).
 * `children` closes the observations' card (the final remarks).
 */
export function AssessmentAnswers({
  assessment,
  children,
}: {
  assessment: SuicideAssessment;
  children?: ReactNode;
}) {
  const view = storedAnswersView(assessment);
  return (
    <>
      <IdeationAnswers assessment={assessment} view={view} />
      {view.intensity && <IntensityAnswers assessment={assessment} view={view} />}
      <BehaviourAnswers assessment={assessment} view={view} />
      {view.lethality && <LethalityAnswers assessment={assessment} view={view} />}
      <SectionCard title={M.observations}>
        <p className={assessment.observations ? styles.text : styles.wording}>
          {assessment.observations || S.noObservations}
        </p>
        {children}
      </SectionCard>
    </>
  );
}
