import type { SuicideAssessment } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG as C, levelInForce } from '@psicocampus/shared/clinician-level';
import { RiskLevelBadge, type DefinitionItem } from '@psicocampus/shared/ui';

/**
 * The levels of a saved assessment, each named for what it is
 * (docs/columbia-assessment.md#clinicians-level): the scale's, the
 * clinician's (or that none is recorded), and the one in force with which
 * of the two it is. Never one level under the other's name.
 */
export function assessmentLevelItems(
  assessment: Pick<SuicideAssessment, 'riskLevel' | 'clinicianLevel'>,
): DefinitionItem[] {
  const clinician = assessment.clinicianLevel?.level;
  return [
    { term: C.engineLevel, description: <RiskLevelBadge level={assessment.riskLevel} /> },
    {
      term: C.clinicianLevel,
      description: clinician ? <RiskLevelBadge level={clinician} /> : C.noneYet,
    },
    {
      term: C.inForce,
      description: (
        <>
          <RiskLevelBadge level={levelInForce(assessment)} />{' '}
          {`(${clinician ? C.inForceClinician : C.inForceEngine})`}
        </>
      ),
    },
  ];
}
