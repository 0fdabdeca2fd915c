import { MSG } from '@psicocampus/shared/domain';
import {
  CONTRADICTION_MSG as X,
  type AssessmentAnswers,
  type SuicideAssessment,
} from '@psicocampus/shared/columbia';
import { CLINICIAN_LEVEL_MSG as C } from '@psicocampus/shared/clinician-level';
import { calmAnswers, severeAnswers } from '../../../test/helpers/assessments';
import { pdfText } from '../../../test/helpers/pdf-text';
import { renderAssessmentReport } from './assessment-report';
import type { AssessmentReportData } from './report-data';

const lucia = { _id: 'u-1', firstName: 'Lucía', lastName: 'Fernández', email: 'l@x.test' };

function saved(answers: AssessmentAnswers, extra: Partial<SuicideAssessment> = {}) {
  return {
    ...answers,
    _id: 'a-1',
    student: 's-1',
    studentId: 's-1',
    riskLevel: 'BAJO',
    finalRemarks: '',
    finalRemarksAt: null,
    remarks: [],
    clinicianLevel: null,
    createdBy: lucia,
    createdAt: '2026-10-20T16:40:00.000Z',
    ...extra,
  } satisfies SuicideAssessment;
}

function report(assessment: SuicideAssessment): AssessmentReportData {
  return {
    kind: 'assessment',
    generatedAt: '2026-11-24T10:00:00.000Z',
    timeZone: 'America/Guayaquil',
    student: {
      _id: 's-1',
      firstName: 'María José',
      lastName: 'Castillo',
      email: 'mj@x.test',
      career: 'Psicología',
      assignedPsychologist: lucia,
    },
    assessment,
    number: 1,
  };
}

/** The PDF's text as one line: a sentence wrapped over two lines reads whole. */
async function textOf(assessment: SuicideAssessment): Promise<string> {
  return pdfText(await renderAssessmentReport(report(assessment))).replace(/\s+/g, ' ');
}

describe("the assessment's PDF (docs/columbia-assessment.md#contradicting-answers)", () => {
  it('marks a stored record whose answers contradict each other, and prints every stored value', async () => {
    // As an older version stored it: «Intento Real» set back to "No" kept its description.
    const answers = calmAnswers();
    answers.actualAttempt = {
      present: false,
      description: 'Ingesta de pastillas',
      totalAttempts: 2,
    };
    const text = await textOf(saved({ ...answers, lethalityDegree: 1 }));
    expect(text).toContain(X.markTitle);
    expect(text).toContain(X.markText);
    for (const said of [
      'Intento Real: hay una descripción aunque la respuesta no es «Sí».',
      'Intento Real: hay un número de intentos (2) aunque la respuesta no es «Sí».',
      'Grado de Letalidad: hay una respuesta aunque Intento Real no es «Sí».',
      // The values themselves, each marked beside it.
      `Ingesta de pastillas (${X.markInline})`,
      `${MSG.assessment.totalAttempts}: 2 (${X.markInline})`,
      `1 · Daño físico menor (${X.markInline})`,
    ]) {
      expect(text).toContain(said);
    }
  });

  it('prints no mark for answers that agree', async () => {
    const text = await textOf(saved(severeAnswers(), { riskLevel: 'MUY_ALTO' }));
    expect(text).not.toContain(X.markTitle);
    expect(text).not.toContain(X.markInline);
  });
});

describe("the assessment's PDF says which level is in force (docs/columbia-assessment.md#clinicians-level)", () => {
  it("names the scale's level, the clinician's, and the one in force", async () => {
    const withClinician = await textOf(
      saved(severeAnswers(), {
        riskLevel: 'MUY_ALTO',
        clinicianLevel: {
          level: 'ALTO',
          reason: 'Red de apoyo sólida y plan acordado con la familia.',
          at: '2026-10-21T10:00:00.000Z',
          by: lucia,
        },
      }),
    );
    expect(withClinician).toContain(`${C.engineLevel}: ${MSG.assessment.levels.MUY_ALTO}`);
    expect(withClinician).toContain(`${C.clinicianLevel}: ${MSG.assessment.levels.ALTO}`);
    expect(withClinician).toContain(
      `${C.inForce}: ${MSG.assessment.levels.ALTO} (${C.inForceClinician})`,
    );

    const engineOnly = await textOf(saved(severeAnswers(), { riskLevel: 'MUY_ALTO' }));
    expect(engineOnly).toContain(
      `${C.inForce}: ${MSG.assessment.levels.MUY_ALTO} (${C.inForceEngine})`,
    );
  });
});
