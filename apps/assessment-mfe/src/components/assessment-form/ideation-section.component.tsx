import {
  IDEATION_QUESTIONS,
  MSG,
  showsIdeationDetail,
  type AssessmentAnswers,
} from '@psicocampus/shared';
import { useFormikContext } from '@psicocampus/shared/forms';
import { FormSection } from './form-section.component';
import { YesNoQuestion } from './yes-no-question.component';

/** Questions 1 and 2 always; 3–5 only when 2 is "Sí" (docs/columbia-assessment.md#items-3-to-5). */
export function IdeationSection() {
  const { values } = useFormikContext<AssessmentAnswers>();
  const detail = showsIdeationDetail(values);
  return (
    <FormSection title={MSG.assessment.ideationSection}>
      {IDEATION_QUESTIONS.filter((item) => item.number <= 2 || detail).map((item) => (
        <YesNoQuestion
          key={item.key}
          item={item.key}
          number={item.number}
          title={item.title}
          question={item.question}
        />
      ))}
    </FormSection>
  );
}
