import {
  endorsedIdeationTypes,
  FREQUENCIES,
  MSG,
  showsIntensity,
  type AssessmentAnswers,
} from '@psicocampus/shared';
import { useFormikContext } from '@psicocampus/shared/forms';
import { NumberSelect, TextAnswer } from './answer-fields.component';
import { FormSection } from './form-section.component';

/**
 * 'Intensidad de la Ideación' when question 1 or 2 is "Sí" (docs/columbia-assessment.md#intensity). The
 * most serious type offers only the items answered "Sí" (docs/columbia-assessment.md#intensity).
 */
export function IntensitySection() {
  const { values } = useFormikContext<AssessmentAnswers>();
  if (!showsIntensity(values)) return null;
  const types = endorsedIdeationTypes(values).map(({ value, label }) => ({ value, label }));
  return (
    <FormSection title={MSG.assessment.intensitySection}>
      <NumberSelect
        path="ideationIntensity.mostSeriousIdeationType"
        label={MSG.assessment.mostSeriousType}
        options={types}
        required
      />
      <TextAnswer
        path="ideationIntensity.mostSeriousIdeationDescription"
        label={MSG.assessment.mostSeriousDescription}
        required
      />
      <NumberSelect
        path="ideationIntensity.frequency"
        label={MSG.assessment.frequency}
        options={FREQUENCIES}
        required
      />
    </FormSection>
  );
}
