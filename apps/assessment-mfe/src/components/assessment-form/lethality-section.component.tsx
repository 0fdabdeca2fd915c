import {
  latestAttemptDate,
  LETHALITY_DEGREES,
  MSG,
  POTENTIAL_LETHALITIES,
  showsLethality,
  showsPotentialLethality,
  type AssessmentAnswers,
} from '@psicocampus/shared';
import { useFormikContext } from '@psicocampus/shared/forms';
import { DateAnswer, NumberSelect } from './answer-fields.component';
import { FormSection } from './form-section.component';

/**
 * 'Letalidad' when there was an actual attempt (docs/columbia-assessment.md#lethality). Degree 0 is an
 * answer; the potential lethality is asked only then (docs/columbia-assessment.md#lethality).
 */
export function LethalitySection() {
  const { values } = useFormikContext<AssessmentAnswers>();
  if (!showsLethality(values)) return null;
  return (
    <FormSection title={MSG.assessment.lethalitySection}>
      <NumberSelect
        path="lethalityDegree"
        label={MSG.assessment.lethalityDegree}
        options={LETHALITY_DEGREES}
        required
      />
      {showsPotentialLethality(values) && (
        <NumberSelect
          path="potentialLethality"
          label={MSG.assessment.potentialLethality}
          options={POTENTIAL_LETHALITIES}
          required
        />
      )}
      <DateAnswer
        path="mostLethalAttemptDate"
        label={MSG.assessment.mostLethalAttemptDate}
        max={latestAttemptDate(new Date())}
        required
      />
    </FormSection>
  );
}
