import {
  BEHAVIOUR_QUESTIONS,
  MSG,
  showsBehaviour,
  type AssessmentAnswers,
} from '@psicocampus/shared';
import { useFormikContext } from '@psicocampus/shared/forms';
import { FormSection } from './form-section.component';
import { QuestionLegend, YesNoChoice, YesNoQuestion } from './yes-no-question.component';

/**
 * 'Comportamiento Suicida', asked once questions 1 and 2 are answered,
 * whatever they say (docs/columbia-assessment.md#behaviour): the six items, then
 * 'Suicidio consumado'.
 */
export function BehaviourSection() {
  const { values } = useFormikContext<AssessmentAnswers>();
  if (!showsBehaviour(values)) return null;
  return (
    <FormSection title={MSG.assessment.behaviourSection}>
      {BEHAVIOUR_QUESTIONS.map((item) => (
        <YesNoQuestion
          key={item.key}
          item={item.key}
          title={item.name}
          question={item.question}
          withTotal={item.withTotal}
          descriptionRequired
        />
      ))}
      <YesNoChoice
        path="completedSuicide"
        legend={<QuestionLegend title={MSG.assessment.completedSuicide} />}
      />
    </FormSection>
  );
}
