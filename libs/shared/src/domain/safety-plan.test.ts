import { ValidationError } from 'yup';
import { MSG } from './messages';
import {
  emptySafetyPlanSections,
  isPhoneText,
  needsSafetyPlan,
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTION_MAX,
  SAFETY_PLAN_SECTIONS,
  safetyPlanSchema,
  safetyPlanCallText,
} from './safety-plan';

function errorsOf(value: unknown): string[] {
  try {
    safetyPlanSchema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.errors;
  }
}

const full = () => ({
  warningSigns: 'Me aíslo y dejo de dormir.',
  copingStrategies: 'Respirar despacio; salir a caminar.',
  socialDistractions: 'Ir a la biblioteca con Camila.',
  helpContacts: 'Mi hermana Sofía, 0991234567.',
  professionalContacts: 'Mi psicóloga del servicio.',
  safeEnvironment: 'Mi madre guarda los medicamentos.',
  reasonForLiving: 'Mi sobrina y terminar la carrera.',
});

describe('safetyPlanSchema', () => {
  it('takes a draft with every section empty, trimming what is written', () => {
    expect(
      safetyPlanSchema.validateSync({ status: 'draft', version: 0, warningSigns: '  Insomnio  ' }),
    ).toMatchObject({ ...emptySafetyPlanSections(), warningSigns: 'Insomnio', version: 0 });
  });

  it('asks a complete plan for every section, each in Spanish', () => {
    expect(errorsOf({ ...full(), status: 'complete', version: 2 })).toEqual([]);
    expect(errorsOf({ ...full(), reasonForLiving: '   ', status: 'complete', version: 2 })).toEqual(
      [SAFETY_PLAN_SECTIONS.reasonForLiving.required],
    );
    expect(errorsOf({ status: 'complete', version: 0 })).toEqual(
      SAFETY_PLAN_SECTION_KEYS.map((key) => SAFETY_PLAN_SECTIONS[key].required),
    );
  });

  it('refuses a section over the limit, a wrong status or version, and an assessment id that is not one', () => {
    expect(
      errorsOf({
        warningSigns: 'a'.repeat(SAFETY_PLAN_SECTION_MAX + 1),
        status: 'draft',
        version: 0,
      }),
    ).toEqual([SAFETY_PLAN_MSG.sectionTooLong]);
    expect(errorsOf({ status: 'final', version: 0 })).toEqual([SAFETY_PLAN_MSG.statusInvalid]);
    expect(errorsOf({ status: 'draft', version: -1 })).toEqual([SAFETY_PLAN_MSG.versionInvalid]);
    expect(errorsOf({ status: 'draft' })).toEqual([SAFETY_PLAN_MSG.versionInvalid]);
    expect(errorsOf({ status: 'draft', version: 0, assessmentId: 'x' })).toEqual([
      MSG.api.invalidId,
    ]);
  });
});

describe('needsSafetyPlan', () => {
  it('asks for a plan at ALTO and MUY_ALTO only', () => {
    expect(needsSafetyPlan('ALTO')).toBe(true);
    expect(needsSafetyPlan('MUY_ALTO')).toBe(true);
    for (const level of ['MODERADO', 'BAJO', 'INDETERMINADO', 'NO_APLICA'] as const) {
      expect(needsSafetyPlan(level)).toBe(false);
    }
    expect(needsSafetyPlan(null)).toBe(false);
  });
});

describe('safetyPlanCallText (docs/columbia-assessment.md#clinicians-level)', () => {
  it('says the level in force exactly, never "alto" for "muy alto"', () => {
    expect(safetyPlanCallText('MUY_ALTO', null)).toBe(
      'El nivel de riesgo vigente es muy alto: elabora un plan de seguridad con el/la estudiante.',
    );
    expect(safetyPlanCallText('ALTO', null)).toBe(
      'El nivel de riesgo vigente es alto: elabora un plan de seguridad con el/la estudiante.',
    );
    expect(safetyPlanCallText('MUY_ALTO', { status: 'draft' })).toBe(
      'El nivel de riesgo vigente es muy alto y el plan de seguridad es un borrador: complétalo con el/la estudiante.',
    );
  });
});

describe('isPhoneText', () => {
  it('takes what a person dials and refuses anything else', () => {
    for (const phone of ['911', '+593 2 299 1700', '(02) 299-1700', '171']) {
      expect(isPhoneText(phone)).toBe(true);
    }
    for (const bad of ['', '12', 'llamar al 911', '911; rm', '+', '1'.repeat(21)]) {
      expect(isPhoneText(bad)).toBe(false);
    }
  });
});
