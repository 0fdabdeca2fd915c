import type { ReactNode } from 'react';
import {
  BEHAVIOUR_QUESTIONS,
  formatDate,
  FREQUENCIES,
  IDEATION_QUESTIONS,
  IDEATION_TYPES,
  LETHALITY_DEGREES,
  MSG,
  POTENTIAL_LETHALITIES,
  showsIdeationDetail,
  showsIntensity,
  showsLethality,
  showsPotentialLethality,
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

function answerItems(item: YesNoItem, total?: number): DefinitionItem[] {
  const items: DefinitionItem[] = [{ term: S.answer, description: answerLabel(item) }];
  if (total !== undefined && item.present) {
    items.push({ term: M.totalAttempts, description: String(total) });
  }
  if (item.description) items.push({ term: M.description, description: item.description });
  return items;
}

/**
 * Every answer of a saved assessment, as the assessment's PDF prints it
 * (apps/api/src/reports/pdf/assessment-report.ts): the sections and questions the
 * form asked, in its order, with the shared scale's Spanish wording and labels.
 * `children` closes the observations' card (the final remarks).
 */
export function AssessmentAnswers({
  assessment,
  children,
}: {
  assessment: SuicideAssessment;
  children?: ReactNode;
}) {
  const intensity = assessment.ideationIntensity;
  return (
    <>
      <SectionCard title={M.ideationSection}>
        {IDEATION_QUESTIONS.filter(
          (question) => question.number < 3 || showsIdeationDetail(assessment),
        ).map((question) => (
          <Question
            key={question.key}
            title={`${question.number}. ${question.title}`}
            wording={question.question}
            items={answerItems(assessment[question.key])}
          />
        ))}
      </SectionCard>

      {showsIntensity(assessment) && (
        <SectionCard title={M.intensitySection}>
          <DefinitionList
            items={[
              {
                term: M.mostSeriousType,
                description: labelOf(IDEATION_TYPES, intensity.mostSeriousIdeationType),
              },
              {
                term: M.mostSeriousDescription,
                description: intensity.mostSeriousIdeationDescription || '—',
              },
              { term: M.frequency, description: labelOf(FREQUENCIES, intensity.frequency) },
            ]}
          />
        </SectionCard>
      )}

      <SectionCard title={M.behaviourSection}>
        {BEHAVIOUR_QUESTIONS.map((question) => {
          const item = assessment[question.key];
          const total =
            question.withTotal && 'totalAttempts' in item ? item.totalAttempts : undefined;
          return (
            <Question
              key={question.key}
              title={question.name}
              wording={question.question}
              items={answerItems(item, total)}
            />
          );
        })}
        <Question
          title={M.completedSuicide}
          items={[{ term: S.answer, description: assessment.completedSuicide ? M.yes : M.no }]}
        />
      </SectionCard>

      {showsLethality(assessment) && (
        <SectionCard title={M.lethalitySection}>
          <DefinitionList
            items={[
              {
                term: M.lethalityDegree,
                description: labelOf(LETHALITY_DEGREES, assessment.lethalityDegree),
              },
              ...(showsPotentialLethality(assessment)
                ? [
                    {
                      term: M.potentialLethality,
                      description: labelOf(POTENTIAL_LETHALITIES, assessment.potentialLethality),
                    },
                  ]
                : []),
              {
                term: M.mostLethalAttemptDate,
                description: assessment.mostLethalAttemptDate
                  ? formatDate(`${assessment.mostLethalAttemptDate}T12:00:00`)
                  : S.unanswered,
              },
            ]}
          />
        </SectionCard>
      )}

      <SectionCard title={M.observations}>
        <p className={assessment.observations ? styles.text : styles.wording}>
          {assessment.observations || S.noObservations}
        </p>
        {children}
      </SectionCard>
    </>
  );
}
