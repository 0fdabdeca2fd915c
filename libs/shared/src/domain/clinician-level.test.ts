import {
  CLINICIAN_LEVEL_MSG,
  clinicianLevelSchema,
  completesAssessment,
  isBelowEngineLevel,
  levelInForce,
} from './clinician-level';

describe('levelInForce', () => {
  it("is the clinician's level when recorded, the engine's otherwise", () => {
    expect(levelInForce({ riskLevel: 'MUY_ALTO', clinicianLevel: null })).toBe('MUY_ALTO');
    expect(levelInForce({ riskLevel: 'MUY_ALTO' })).toBe('MUY_ALTO');
    expect(levelInForce({ riskLevel: 'MUY_ALTO', clinicianLevel: { level: 'BAJO' } })).toBe('BAJO');
    expect(levelInForce({ riskLevel: 'INDETERMINADO', clinicianLevel: { level: 'ALTO' } })).toBe(
      'ALTO',
    );
  });
});

describe('isBelowEngineLevel', () => {
  it.each([
    ['BAJO', 'MUY_ALTO', true],
    ['ALTO', 'MUY_ALTO', true],
    ['MODERADO', 'ALTO', true],
    ['MUY_ALTO', 'MUY_ALTO', false],
    ['MUY_ALTO', 'BAJO', false],
    // Off the scale: never "lower", so never asked.
    ['INDETERMINADO', 'ALTO', false],
    ['BAJO', 'INDETERMINADO', false],
    ['NO_APLICA', 'MUY_ALTO', false],
  ] as const)('%s against %s: %s', (clinician, engine, lower) => {
    expect(isBelowEngineLevel(clinician, engine)).toBe(lower);
  });
});

describe('clinicianLevelSchema', () => {
  const problems = async (value: unknown) => {
    try {
      await clinicianLevelSchema.validate(value, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };

  it('takes a level and a reason of 20 characters or more, trimmed', async () => {
    const valid = await clinicianLevelSchema.validate({
      level: 'ALTO',
      reason: '  Red de apoyo sólida y plan acordado.  ',
    });
    expect(valid).toEqual({ level: 'ALTO', reason: 'Red de apoyo sólida y plan acordado.' });
  });

  it('refuses in Spanish what is missing, unknown, too short or too long', async () => {
    expect(await problems({})).toEqual([
      CLINICIAN_LEVEL_MSG.levelRequired,
      CLINICIAN_LEVEL_MSG.reasonRequired,
    ]);
    expect(await problems({ level: 'GRAVE', reason: 'x'.repeat(20) })).toEqual([
      CLINICIAN_LEVEL_MSG.levelInvalid,
    ]);
    expect(await problems({ level: 'BAJO', reason: `${'x'.repeat(19)}   ` })).toEqual([
      CLINICIAN_LEVEL_MSG.reasonTooShort,
    ]);
    expect(await problems({ level: 'BAJO', reason: 'x'.repeat(2001) })).toEqual([
      CLINICIAN_LEVEL_MSG.reasonTooLong,
    ]);
  });
});

describe("completesAssessment: only its author adds remarks and the clinician's level", () => {
  it('is true for the author alone', () => {
    expect(completesAssessment('a1', 'a1')).toBe(true);
    expect(completesAssessment('a1', 'c2')).toBe(false);
    expect(completesAssessment(null, 'a1')).toBe(false);
    expect(completesAssessment(undefined, undefined)).toBe(false);
    expect(completesAssessment('a1', undefined)).toBe(false);
  });
});
